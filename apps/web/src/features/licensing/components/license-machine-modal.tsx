import type { CuttingMachineAdminView } from '@kerf/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { formatDate } from '../../../lib/format';
import { useLicenseMachine } from '../api/licences';
import type { Licensing } from './licensing-summary';

/**
 * "License new machine" (product.md §2 dashboard menu): an installed machine without a licence takes one
 * of the licences the shop ordered (and was invoiced for) with a new machine. Nothing is charged
 * here; without an ordered licence the admin is sent to order a machine.
 */
export function LicenseMachineModal({
  machines,
  licensing,
  orderPath,
  onCreateMachine,
  onClose,
}: {
  machines: CuttingMachineAdminView[];
  licensing: Licensing;
  orderPath: string;
  onCreateMachine: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const unlicensed = machines.filter((machine) => machine.licensedAt === null);
  const ordered = licensing.orderedLicences;
  const [machineId, setMachineId] = useState<string | null>(unlicensed[0]?.id ?? null);
  const [licenceId, setLicenceId] = useState<string | null>(ordered[0]?.id ?? null);
  const license = useLicenseMachine();
  return (
    <Modal opened onClose={onClose} title={t('money.license.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('money.license.intro')}</Text>
        {ordered.length === 0 ? (
          <Alert color="blue" title={t('money.license.noneTitle')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('money.license.noneText')}</Text>
              <Button component={Link} to={orderPath} onClick={onClose}>
                {t('printingAdmin.dashboard.registerNew')}
              </Button>
            </Stack>
          </Alert>
        ) : unlicensed.length === 0 ? (
          <Alert color="blue" title={t('money.license.noMachineTitle')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('money.license.noMachineText')}</Text>
              <Button onClick={onCreateMachine}>{t('printingAdmin.dashboard.createInstalled')}</Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Select
              label={t('money.license.machine')}
              data={unlicensed.map((machine) => ({
                value: machine.id,
                label: `${machine.name} (${machine.serialNumber})`,
              }))}
              value={machineId}
              onChange={setMachineId}
              allowDeselect={false}
              required
            />
            <Select
              label={t('money.license.licence')}
              data={ordered.map((licence) => ({
                value: licence.id,
                label: t('money.license.licenceOption', {
                  machine: [licence.manufacturer, licence.model].filter(Boolean).join(' '),
                  date: formatDate(licence.orderedAt, i18n.language),
                  invoice: licence.invoiceNumber ?? '—',
                }),
              }))}
              value={licenceId}
              onChange={setLicenceId}
              allowDeselect={false}
              required
            />
            <Text size="xs" c="dimmed">
              {t('money.license.free')}
            </Text>
            {license.isError && <ErrorAlert error={license.error} />}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          {ordered.length > 0 && unlicensed.length > 0 && (
            <Button
              onClick={() => license.mutate({ machineId: machineId!, licenceId }, { onSuccess: onClose })}
              loading={license.isPending}
              disabled={!machineId}
            >
              {t('money.license.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
