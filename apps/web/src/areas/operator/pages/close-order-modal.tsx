import { MAX_ORDER_REJECTS, type Order } from '@kerf/contracts';
import { Button, Collapse, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage, NumberInput } from '../../../components/form';
import { formatNumber } from '../../../lib/format';
import type { OrderRejects } from '../offline-queue';

type Count = number | '';

/**
 * Closing an order asks first, as before, and closing without rejects stays the same two taps
 * (Close order, Close order). "Record rejects" opens two optional counts (issue 36, OEE's quality):
 * rejected cuts while setting up and in production, glove-sized; their sum may not exceed the
 * order's cuts (REJECTS_EXCEED_CUTS, the server's rule, checked here first so it shows at the field).
 */
export function CloseOrderModal({
  order,
  cuts,
  onCancel,
  onConfirm,
}: {
  order: Order | null;
  /**
   * the order's cuts as the terminal knows them; null while offline, when they may be behind the
   * server's (an order started offline counts none here): the server alone checks then
   */
  cuts: number | null;
  onCancel: () => void;
  onConfirm: (rejects: OrderRejects | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={order !== null}
      onClose={onCancel}
      withCloseButton={false}
      centered
      size="lg"
      title={
        <Text fz={24} fw={700}>
          {order ? t('operator.orders.closeTitle', { name: order.name }) : ''}
        </Text>
      }
    >
      {order && <CloseOrderForm key={order.id} cuts={cuts} onCancel={onCancel} onConfirm={onConfirm} />}
    </Modal>
  );
}

function CloseOrderForm({
  cuts,
  onCancel,
  onConfirm,
}: {
  cuts: number | null;
  onCancel: () => void;
  onConfirm: (rejects: OrderRejects | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [startup, setStartup] = useState<Count>('');
  const [production, setProduction] = useState<Count>('');
  const [errors, setErrors] = useState<{ startup?: string; production?: string }>({});

  const tooLarge = (value: Count) =>
    value !== '' && value > MAX_ORDER_REJECTS
      ? fieldErrorMessage(t, 'TOO_BIG', MAX_ORDER_REJECTS)
      : undefined;

  const submit = () => {
    if (!open || (startup === '' && production === '')) return onConfirm(undefined);
    const s = startup === '' ? 0 : startup;
    const p = production === '' ? 0 : production;
    const next = {
      startup: tooLarge(startup),
      production:
        tooLarge(production) ??
        (cuts !== null && s + p > cuts ? fieldErrorMessage(t, 'REJECTS_EXCEED_CUTS') : undefined),
    };
    setErrors(next);
    if (next.startup || next.production) return;
    onConfirm({ startup: s, production: p });
  };
  const count = (value: Count, set: (value: Count) => void) => ({
    size: 'touch',
    min: 0,
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'none' as const,
    thousandSeparator: true,
    hideControls: true,
    inputMode: 'numeric' as const,
    value,
    onChange: (next: string | number) => {
      set(typeof next === 'number' ? next : '');
      setErrors({});
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text fz="lg">{t('operator.orders.closeMessage')}</Text>
        <div>
          <Button
            size="touch"
            variant="default"
            fullWidth
            justify="space-between"
            rightSection={open ? <IconChevronUp aria-hidden /> : <IconChevronDown aria-hidden />}
            aria-expanded={open}
            aria-controls="close-order-rejects"
            onClick={() => setOpen((shown) => !shown)}
          >
            {t('operator.rejects.toggle')}
          </Button>
          <Collapse expanded={open} id="close-order-rejects">
            <Stack gap="md" pt="md">
              <Text fz="lg" c="dimmed">
                {cuts === null
                  ? t('operator.rejects.hintOffline')
                  : t('operator.rejects.hint', { cuts: formatNumber(cuts, i18n.language) })}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <NumberInput
                  label={t('operator.rejects.startup')}
                  error={errors.startup}
                  {...count(startup, setStartup)}
                />
                <NumberInput
                  label={t('operator.rejects.production')}
                  error={errors.production}
                  {...count(production, setProduction)}
                />
              </SimpleGrid>
            </Stack>
          </Collapse>
        </div>
        <Group justify="flex-end" gap="md">
          <Button size="touch" variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button size="touch" type="submit" leftSection={<IconCheck aria-hidden />} data-autofocus>
            {t('operator.orders.close')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
