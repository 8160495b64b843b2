import { MAX_SHIPMENT_KNIVES, type Partnership } from '@kerf/contracts';
import { MultiSelect, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/feedback';
import { FormModal } from '../../../components/form';
import { formatNumber } from '../../../lib/format';
import { useActiveKnives, useShipKnives } from '../api/shipments';

/** The manager sends knives in use to an active partner; they are SHIPPED until they come back. */
export function ShipKnivesModal({
  partnerships,
  initialRfids = [],
  onClose,
}: {
  partnerships: Partnership[];
  initialRfids?: string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const active = partnerships.filter((p) => p.state === 'ACTIVE');
  const knives = useActiveKnives();
  const ship = useShipKnives();
  const [partnershipId, setPartnershipId] = useState<string | null>(active[0]?.id ?? null);
  const [rfids, setRfids] = useState<string[]>(initialRfids);
  const [errors, setErrors] = useState<{ partner?: string; knives?: string }>({});

  const onSubmit = (event?: React.FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const found = {
      ...(partnershipId ? {} : { partner: t('logistics.ship.partnerRequired') }),
      ...(rfids.length > 0 ? {} : { knives: t('logistics.ship.knivesRequired') }),
    };
    setErrors(found);
    if (!partnershipId || rfids.length === 0) return;
    ship.mutate(
      { partnershipId, rfids },
      {
        onSuccess: (shipment) => {
          notifySuccess(
            t('logistics.ship.done', { count: shipment.knives.length, partner: shipment.grindingShopName }),
            undefined,
            t('actions.close'),
          );
          onClose();
        },
        onError: (error) => notifyError(error, t, i18n),
      },
    );
  };

  return (
    <FormModal
      title={t('logistics.ship.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={ship.isPending}
    >
      <Select
        label={t('logistics.ship.partner')}
        required
        data={active.map((p) => ({ value: p.id, label: p.grindingShopName }))}
        value={partnershipId}
        onChange={setPartnershipId}
        allowDeselect={false}
        error={errors.partner}
      />
      <MultiSelect
        label={t('logistics.ship.knives')}
        description={t('logistics.ship.knivesHint', { max: MAX_SHIPMENT_KNIVES })}
        required
        searchable
        maxValues={MAX_SHIPMENT_KNIVES}
        nothingFoundMessage={t('logistics.ship.noKnives')}
        data={(knives.data?.items ?? []).map((knife) => ({
          value: knife.rfid,
          label: `${knife.rfid} · ${knife.knifeClassName ?? ''} · ${t('logistics.ship.cuts', {
            value: formatNumber(knife.cutsSinceLastGrinding, i18n.language),
          })}`,
        }))}
        value={rfids}
        onChange={setRfids}
        error={errors.knives}
        disabled={knives.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      {rfids.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('logistics.ship.selected', { count: rfids.length })}
        </Text>
      )}
    </FormModal>
  );
}
