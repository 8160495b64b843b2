import {
  type CreatedWebhook,
  CreateWebhookRequestSchema,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@kerf/contracts';
import { Button, Card, Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconList, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  CodeText,
  DataTable,
  DeleteRowAction,
  dateColumn,
  orEmpty,
  RowAction,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { FormModal, schemaErrors, useFormSubmit } from '../../../components/form';
import { ToneBadge } from '../../../components/status';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useCreateWebhook, useDeleteWebhook, useWebhookDeliveries, useWebhooks } from '../api/webhooks';
import { CardHeading } from './card-heading';
import { SecretOnceModal } from './secret-once-modal';

const eventLabel = (t: TFunction, event: WebhookEvent) =>
  translateKey(t, `integrations.webhooks.events.${event}`);

function CreateWebhookModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (hook: CreatedWebhook) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const form = useForm<{ url: string; events: string[]; description: string }>({
    validateInputOnBlur: true,
    initialValues: { url: 'https://', events: [], description: '' },
    validate: (values) => schemaErrors(CreateWebhookRequestSchema, values, t),
  });
  const submit = useFormSubmit(
    form,
    (values) =>
      create.mutateAsync({
        url: values.url,
        events: values.events as WebhookEvent[],
        ...(values.description ? { description: values.description } : {}),
      }),
    {
      onSaved: onCreated,
      onError: (error) => {
        if ((error as { code?: string }).code !== 'service.printing-shops.WEBHOOK_URL_NOT_ALLOWED')
          return false;
        form.setFieldError('url', t('errors.service.printing-shops.WEBHOOK_URL_NOT_ALLOWED'));
        return true;
      },
    },
  );
  return (
    <FormModal
      onClose={onClose}
      title={t('integrations.webhooks.createTitle')}
      onSubmit={submit}
      submitting={create.isPending}
    >
      <TextInput
        label={t('integrations.webhooks.url')}
        description={t('integrations.webhooks.urlHint')}
        withAsterisk
        data-autofocus
        dir="ltr"
        {...form.getInputProps('url')}
      />
      <Checkbox.Group
        label={t('integrations.webhooks.eventsLabel')}
        withAsterisk
        {...form.getInputProps('events')}
      >
        <Stack gap="xs" mt="xs">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={eventLabel(t, event)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput label={t('integrations.webhooks.description')} {...form.getInputProps('description')} />
    </FormModal>
  );
}

function DeliveryStateBadge({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  if (delivery.status === 'DELIVERED')
    return (
      <ToneBadge color="green.7" icon={IconCircleCheck}>
        {t('integrations.webhooks.states.DELIVERED')}
      </ToneBadge>
    );
  if (delivery.status === 'FAILED')
    return (
      <ToneBadge color="red.7" icon={IconAlertTriangle}>
        {t('integrations.webhooks.states.FAILED')}
      </ToneBadge>
    );
  return (
    <ToneBadge color="yellow.6" icon={IconClockHour4}>
      {t('integrations.webhooks.states.PENDING')}
    </ToneBadge>
  );
}

/** The delivery log of one endpoint: state, attempts, response code, next attempt, last error. */
function DeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useWebhookDeliveries(endpoint.id);
  const table = useTableState(query.data, i18n.language, {
    initialSort: { columnAccessor: 'createdAt', direction: 'desc' },
    searchText: (d) => `${eventLabel(t, d.event)} ${d.status} ${d.lastError ?? ''}`,
  });
  const columns: TableColumn<WebhookDelivery>[] = [
    dateColumn('createdAt', t('integrations.webhooks.occurred'), (d) => d.createdAt, { withTime: true }),
    { accessor: 'event', title: t('integrations.webhooks.event'), render: (d) => eventLabel(t, d.event) },
    {
      accessor: 'status',
      title: t('integrations.state'),
      render: (d) => <DeliveryStateBadge delivery={d} />,
    },
    {
      accessor: 'attempts',
      title: t('integrations.webhooks.attempts'),
      numeric: true,
      render: (d) => formatNumber(d.attempts, i18n.language),
    },
    {
      accessor: 'responseCode',
      title: t('integrations.webhooks.responseCode'),
      render: (d) => <CodeText value={d.responseCode === null ? null : String(d.responseCode)} />,
    },
    dateColumn('nextAttemptAt', t('integrations.webhooks.nextAttempt'), (d) => d.nextAttemptAt, {
      withTime: true,
      priority: 'low',
    }),
    {
      accessor: 'lastError',
      title: t('integrations.webhooks.lastError'),
      priority: 'low',
      render: (d) => orEmpty(d.lastError && <CodeText value={d.lastError} />),
    },
  ];
  return (
    <Modal opened onClose={onClose} title={t('integrations.webhooks.deliveriesTitle')} size="90rem" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" translate="no" dir="ltr">
          {endpoint.url}
        </Text>
        <DataTable<WebhookDelivery>
          label={t('integrations.webhooks.deliveriesTitle')}
          columns={columns}
          idAccessor="id"
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={{ title: t('integrations.webhooks.noDeliveries') }}
          {...table}
        />
      </Stack>
    </Modal>
  );
}

/** Tenant admin: where events are POSTed, signed; each endpoint's delivery log. */
export function WebhooksPanel() {
  const { t, i18n } = useTranslation();
  const query = useWebhooks();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [open, setOpen] = useState<WebhookEndpoint | null>(null);
  const table = useTableState(query.data, i18n.language, {
    initialSort: { columnAccessor: 'createdAt', direction: 'desc' },
    searchText: (e) => `${e.url} ${e.description ?? ''}`,
  });
  const onDelete = async (endpoint: WebhookEndpoint) => {
    if (!(await confirmDelete(t, t('integrations.webhooks.thing'), endpoint.url))) return;
    try {
      await remove.mutateAsync(endpoint.id);
      notifyDeleted(t);
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  const columns: TableColumn<WebhookEndpoint>[] = [
    {
      accessor: 'url',
      title: t('integrations.webhooks.url'),
      render: (e) => (
        <Stack gap={0}>
          <CodeText value={e.url} breakAnywhere />
          {e.description && (
            <Text size="xs" c="dimmed" dir="auto" translate="no">
              {e.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'events',
      title: t('integrations.webhooks.eventsLabel'),
      priority: 'low',
      render: (e) => <Text size="sm">{e.events.map((event) => eventLabel(t, event)).join(', ')}</Text>,
    },
    {
      accessor: 'recent',
      title: t('integrations.webhooks.last24h'),
      priority: 'low',
      render: (e) => (
        <Text size="sm">
          {t('integrations.webhooks.recent', {
            delivered: formatNumber(e.recent.delivered, i18n.language),
            pending: formatNumber(e.recent.pending, i18n.language),
            failed: formatNumber(e.recent.failed, i18n.language),
          })}
        </Text>
      ),
    },
    dateColumn('createdAt', t('integrations.created'), (e) => e.createdAt, { priority: 'low' }),
    actionsColumn(t('table.actions'), (e) => (
      <>
        <RowAction
          tooltip={t('integrations.webhooks.showDeliveries')}
          label={t('integrations.webhooks.showDeliveriesOf', { url: e.url })}
          icon={<IconList size={18} aria-hidden />}
          onClick={() => setOpen(e)}
        />
        <DeleteRowAction name={e.url} onClick={() => void onDelete(e)} />
      </>
    )),
  ];
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <CardHeading
          title={t('integrations.webhooks.title')}
          explain={t('integrations.webhooks.explain')}
          action={
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              {t('integrations.webhooks.create')}
            </Button>
          }
        />
        <DataTable<WebhookEndpoint>
          label={t('integrations.webhooks.title')}
          columns={columns}
          idAccessor="id"
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={{
            title: t('integrations.webhooks.empty'),
            description: t('integrations.webhooks.emptyHint'),
          }}
          onRowClick={setOpen}
          {...table}
        />
      </Stack>
      {creating && (
        <CreateWebhookModal
          onClose={() => setCreating(false)}
          onCreated={(hook) => {
            setCreating(false);
            setCreated(hook);
          }}
        />
      )}
      {created && (
        <SecretOnceModal
          title={t('integrations.webhooks.createdTitle')}
          label={t('integrations.webhooks.secret')}
          secret={created.secret}
          onClose={() => setCreated(null)}
        />
      )}
      {open && <DeliveriesModal endpoint={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
