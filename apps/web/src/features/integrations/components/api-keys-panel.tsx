import { API_SCOPES, type ApiKey, CreateApiKeyRequestSchema, type CreatedApiKey } from '@kerf/contracts';
import { Button, Card, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconCircleOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  CodeText,
  DataTable,
  dateColumn,
  nameColumn,
  RowAction,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { confirm, notifyError, notifySuccess } from '../../../components/feedback';
import { FormModal, schemaErrors, useFormSubmit } from '../../../components/form';
import { ToneBadge } from '../../../components/status';
import { translateKey } from '../../../lib/i18n';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { CardHeading } from './card-heading';
import { SecretOnceModal } from './secret-once-modal';

const scopeKey = (scope: string) => `integrations.scopes.${scope.replace(':', '_')}`;

function CreateApiKeyModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const form = useForm<{ name: string; scopes: string[] }>({
    validateInputOnBlur: true,
    initialValues: { name: '', scopes: [] },
    validate: (values) => schemaErrors(CreateApiKeyRequestSchema, values, t),
  });
  const submit = useFormSubmit(
    form,
    (values) =>
      create.mutateAsync({ name: values.name, scopes: values.scopes as (typeof API_SCOPES)[number][] }),
    { onSaved: onCreated },
  );
  return (
    <FormModal
      onClose={onClose}
      title={t('integrations.apiKeys.createTitle')}
      onSubmit={submit}
      submitting={create.isPending}
    >
      <TextInput
        label={t('integrations.apiKeys.name')}
        description={t('integrations.apiKeys.nameHint')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Checkbox.Group label={t('integrations.apiKeys.scopes')} withAsterisk {...form.getInputProps('scopes')}>
        <Stack gap="xs" mt="xs">
          {API_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} label={translateKey(t, scopeKey(scope))} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormModal>
  );
}

/** Tenant admin: the API keys of ERP, BDE and CRM systems — create (shown once), see, revoke. */
export function ApiKeysPanel() {
  const { t, i18n } = useTranslation();
  const query = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const table = useTableState(query.data, i18n.language, {
    initialSort: { columnAccessor: 'createdAt', direction: 'desc' },
    searchText: (k) => `${k.name} ${k.prefix}`,
  });
  const onRevoke = async (key: ApiKey) => {
    const ok = await confirm({
      title: t('integrations.apiKeys.revokeTitle'),
      message: t('integrations.apiKeys.revokeMessage', { name: key.name }),
      confirmLabel: t('integrations.apiKeys.revoke'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(key.id);
      notifySuccess(t('integrations.apiKeys.revoked'));
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  const columns: TableColumn<ApiKey>[] = [
    nameColumn('name', t('integrations.apiKeys.name'), (k) => k.name),
    {
      accessor: 'prefix',
      title: t('integrations.apiKeys.prefix'),
      priority: 'low',
      render: (k) => <CodeText value={`${k.prefix.slice(0, 14)}…`} />,
    },
    {
      accessor: 'scopes',
      title: t('integrations.apiKeys.scopes'),
      priority: 'low',
      render: (k) => (
        <Text size="sm">{k.scopes.map((scope) => translateKey(t, scopeKey(scope))).join(', ')}</Text>
      ),
    },
    dateColumn('createdAt', t('integrations.created'), (k) => k.createdAt, { priority: 'low' }),
    dateColumn('lastUsedAt', t('integrations.apiKeys.lastUsed'), (k) => k.lastUsedAt, {
      withTime: true,
      priority: 'low',
    }),
    {
      accessor: 'revokedAt',
      title: t('integrations.state'),
      render: (k) =>
        k.revokedAt ? (
          <ToneBadge color="gray.6" icon={IconCircleOff}>
            {t('integrations.apiKeys.stateRevoked')}
          </ToneBadge>
        ) : (
          <ToneBadge color="green.7" icon={IconCircleCheck}>
            {t('integrations.apiKeys.stateActive')}
          </ToneBadge>
        ),
    },
    actionsColumn(t('table.actions'), (k) =>
      k.revokedAt ? null : (
        <RowAction
          tooltip={t('integrations.apiKeys.revoke')}
          label={t('integrations.apiKeys.revokeNamed', { name: k.name })}
          icon={<IconCircleOff size={18} aria-hidden />}
          onClick={() => void onRevoke(k)}
          danger
        />
      ),
    ),
  ];
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <CardHeading
          title={t('integrations.apiKeys.title')}
          explain={t('integrations.apiKeys.explain')}
          action={
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              {t('integrations.apiKeys.create')}
            </Button>
          }
        />
        <DataTable<ApiKey>
          label={t('integrations.apiKeys.title')}
          columns={columns}
          idAccessor="id"
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={{ title: t('integrations.apiKeys.empty'), description: t('integrations.apiKeys.emptyHint') }}
          {...table}
        />
      </Stack>
      {creating && (
        <CreateApiKeyModal
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && (
        <SecretOnceModal
          title={t('integrations.apiKeys.createdTitle', { name: created.name })}
          label={t('integrations.apiKeys.key')}
          secret={created.key}
          onClose={() => setCreated(null)}
        />
      )}
    </Card>
  );
}
