import { ORDER_NAME_MAX, ORDER_NUMBER_MAX, type Order, UpdateOrderRequestSchema } from '@kerf/contracts';
import {
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  useDirection,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCalendarEvent,
  IconCheck,
  IconCircleCheck,
  IconCloudUpload,
  IconPencil,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { confirm } from '../../../components/feedback';
import { useContractForm } from '../../../components/form';
import { DateText, DurationText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import { ToneBadge } from '../../../components/status';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { HOME } from '../home-path';
import {
  lastMachine,
  useMachineOrders,
  useSelectionView,
  useTerminalInputs,
  useTerminalState,
  useTerminalView,
} from '../terminal';
import { CloseOrderModal } from './close-order-modal';

/**
 * product.md §2: order overview with create, edit, close and delete; each close, delete or discard asks
 * first. A close may record the rejected cuts (issue 36).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  usePageTitle(t('operator.orders.title'));
  const selection = useSelectionView();
  const machineId =
    selection.data?.find((m) => m.isCurrent)?.machineId ?? (selection.data ? null : lastMachine.get());
  if (selection.isPending && !machineId) return <Skeleton h={200} />;
  if (!machineId) return <Navigate to={HOME} replace />;
  return <OrdersOfMachine machineId={machineId} />;
}

const STATE_LOOK = {
  PLANNED: { color: 'blue.8', icon: IconCalendarEvent },
  OPEN: { color: 'green.8', icon: IconPlayerPlay },
  CLOSED: { color: 'gray.7', icon: IconCircleCheck },
  CANCELLED: { color: 'red.8', icon: IconTrash },
} as const;

type Editing = { mode: 'create' } | { mode: 'edit'; order: Order } | null;

function OrdersOfMachine({ machineId }: { machineId: string }) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const orders = useMachineOrders(machineId);
  const inputs = useTerminalInputs(machineId);
  const { items, offline } = useTerminalState();
  const [editing, setEditing] = useState<Editing>(null);
  const list = orders.data ?? [];
  const open = list.find((order) => order.state === 'OPEN');
  const pending = new Set(items.flatMap((item) => ('orderId' in item ? [item.orderId] : [])));

  // closing asks first, with the optional rejected cuts (issue 36)
  const [closing, setClosing] = useState<Order | null>(null);
  const view = useTerminalView(machineId);
  const liveCuts = view.data?.currentJob?.id === closing?.id ? (view.data?.currentJob?.cuts ?? 0) : 0;
  const deleteOrder = async (order: Order) => {
    const ok = await confirm({
      title: t('operator.orders.deleteTitle', { name: order.name }),
      message: t('operator.orders.deleteMessage'),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      touch: true,
    });
    if (ok) inputs.deleteOrder(order);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="md">
          <Button
            component={Link}
            to={HOME}
            size="touch"
            variant="default"
            leftSection={dir === 'rtl' ? <IconArrowRight aria-hidden /> : <IconArrowLeft aria-hidden />}
          >
            {t('operator.orders.back')}
          </Button>
          <Title order={1}>{t('operator.orders.title')}</Title>
        </Group>
        <Button
          size="touch"
          leftSection={<IconPlus aria-hidden />}
          onClick={() => setEditing({ mode: 'create' })}
          disabled={Boolean(open)}
        >
          {t('operator.orders.new')}
        </Button>
      </Group>
      {open && (
        <Text fz="lg" c="dimmed">
          {t('operator.orders.oneOpen')}
        </Text>
      )}
      {orders.error && !orders.data && <ErrorAlert error={orders.error} />}
      {orders.isPending ? (
        <Skeleton h={160} />
      ) : list.length === 0 ? (
        <Text fz="lg" c="dimmed">
          {t('operator.orders.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {list.slice(0, 20).map((order) => (
            <Card
              key={order.id}
              withBorder
              radius="md"
              padding="md"
              style={{ borderWidth: order.state === 'OPEN' ? 3 : 1 }}
              data-testid="order-card"
            >
              <Group justify="space-between" wrap="wrap" gap="md">
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="sm">
                    <Text fz={22} fw={700} translate="no" dir="auto">
                      {order.name}
                    </Text>
                    <ToneBadge size="lg" {...STATE_LOOK[order.state]}>
                      {translateKey(t, `operator.orders.state.${order.state}`)}
                    </ToneBadge>
                    {pending.has(order.id) && (
                      <ToneBadge size="lg" color="yellow.9" icon={IconCloudUpload}>
                        {t('operator.orders.notSent')}
                      </ToneBadge>
                    )}
                  </Group>
                  <Text fz="lg" c="dimmed">
                    {[order.orderNumber, order.programNumber].filter(Boolean).map((code) => (
                      <span key={code}>
                        <bdi translate="no">{code}</bdi>
                        {' · '}
                      </span>
                    ))}
                    {order.state === 'PLANNED' ? (
                      <>
                        {order.plannedQuantity !== null &&
                          t('operator.orders.plannedQuantity', {
                            quantity: formatNumber(order.plannedQuantity, i18n.language),
                          })}
                        {order.plannedQuantity !== null && order.dueDate !== null && ' · '}
                        {order.dueDate !== null && (
                          <>
                            {t('operator.orders.due')}{' '}
                            <bdi>
                              <DateText value={`${order.dueDate}T12:00:00Z`} />
                            </bdi>
                          </>
                        )}
                      </>
                    ) : (
                      <bdi>
                        <DateText value={order.startDate} withTime />
                      </bdi>
                    )}
                  </Text>
                  <Text fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {t('operator.main.jobCuts', { cuts: formatNumber(order.cuts, i18n.language) })}
                    {order.state === 'CLOSED' && (
                      <>
                        {' · '}
                        {t('operator.orders.downtime')} <DurationText seconds={order.downtimeSeconds} />
                        {' · '}
                        {t('operator.orders.supportTime')} <DurationText seconds={order.supportSeconds} />
                        {order.startupRejects !== null && order.productionRejects !== null && (
                          <>
                            {' · '}
                            {t('operator.rejects.recorded', {
                              startup: formatNumber(order.startupRejects, i18n.language),
                              production: formatNumber(order.productionRejects, i18n.language),
                            })}
                          </>
                        )}
                      </>
                    )}
                  </Text>
                </Stack>
                {order.state === 'PLANNED' && (
                  <Group gap="sm">
                    <Button
                      size="touch"
                      color="green.9"
                      leftSection={<IconPlayerPlay aria-hidden />}
                      disabled={open !== undefined}
                      onClick={() => inputs.startOrder(order)}
                    >
                      {t('operator.orders.start')}
                    </Button>
                    <Button
                      size="touch"
                      color="red.8"
                      variant="outline"
                      leftSection={<IconTrash aria-hidden />}
                      onClick={() => void deleteOrder(order)}
                    >
                      {t('actions.delete')}
                    </Button>
                  </Group>
                )}
                {order.state === 'OPEN' && (
                  <Group gap="sm">
                    <Button
                      size="touch"
                      variant="default"
                      leftSection={<IconPencil aria-hidden />}
                      onClick={() => setEditing({ mode: 'edit', order })}
                    >
                      {t('operator.orders.edit')}
                    </Button>
                    <Button
                      size="touch"
                      color="green.9"
                      leftSection={<IconCheck aria-hidden />}
                      onClick={() => setClosing(order)}
                    >
                      {t('operator.orders.close')}
                    </Button>
                    <Button
                      size="touch"
                      color="red.8"
                      variant="outline"
                      leftSection={<IconTrash aria-hidden />}
                      onClick={() => void deleteOrder(order)}
                    >
                      {t('actions.delete')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <CloseOrderModal
        order={closing}
        cuts={offline ? null : Math.max(closing?.cuts ?? 0, liveCuts)}
        onCancel={() => setClosing(null)}
        onConfirm={(rejects) => {
          if (closing) inputs.closeOrder(closing, rejects);
          setClosing(null);
        }}
      />
      <OrderFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSave={(fields) => {
          if (editing?.mode === 'edit') inputs.updateOrder(editing.order.id, fields);
          else inputs.createOrder(fields);
          setEditing(null);
        }}
      />
    </Stack>
  );
}

interface OrderFields {
  name: string;
  orderNumber: string | null;
  programNumber: string | null;
}

function OrderFormModal({
  editing,
  onClose,
  onSave,
}: {
  editing: Editing;
  onClose: () => void;
  onSave: (fields: OrderFields) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={
        <Text fz={24} fw={700}>
          {editing?.mode === 'edit' ? t('operator.orders.editTitle') : t('operator.orders.newTitle')}
        </Text>
      }
    >
      {editing && (
        <OrderForm
          key={editing.mode === 'edit' ? editing.order.id : 'new'}
          editing={editing}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function OrderForm({
  editing,
  onClose,
  onSave,
}: {
  editing: NonNullable<Editing>;
  onClose: () => void;
  onSave: (fields: OrderFields) => void;
}) {
  const { t } = useTranslation();
  const order = editing.mode === 'edit' ? editing.order : null;
  const form = useContractForm(UpdateOrderRequestSchema, {
    initialValues: {
      name: order?.name ?? '',
      orderNumber: order?.orderNumber ?? '',
      programNumber: order?.programNumber ?? '',
    },
  });
  // product.md §5: 'Please enter an order name' when it is empty; the length messages come with the schema
  const nameError =
    form.errors.name && !form.getValues().name.trim() ? t('operator.orders.nameRequired') : form.errors.name;

  const cancel = async () => {
    if (form.isDirty()) {
      const discard = await confirm({
        title: t('operator.orders.discardTitle'),
        message: t('operator.orders.discardMessage'),
        confirmLabel: t('operator.orders.discard'),
        cancelLabel: t('operator.orders.keepEditing'),
        danger: true,
        touch: true,
      });
      if (!discard) return;
    }
    onClose();
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const code = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
        onSave({
          name: values.name.trim(),
          orderNumber: code(values.orderNumber),
          programNumber: code(values.programNumber),
        });
      })}
    >
      <Stack gap="md">
        <TextInput
          size="touch"
          label={t('operator.orders.name')}
          required
          maxLength={ORDER_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
          error={nameError}
        />
        <Group grow>
          <TextInput
            size="touch"
            label={t('operator.orders.orderNumber')}
            maxLength={ORDER_NUMBER_MAX}
            {...form.getInputProps('orderNumber')}
          />
          <TextInput
            size="touch"
            label={t('operator.orders.programNumber')}
            maxLength={ORDER_NUMBER_MAX}
            {...form.getInputProps('programNumber')}
          />
        </Group>
        <Group justify="flex-end" gap="md">
          <Button size="touch" variant="default" onClick={() => void cancel()}>
            {t('actions.cancel')}
          </Button>
          <Button size="touch" type="submit">
            {editing.mode === 'edit' ? t('actions.save') : t('operator.orders.start')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
