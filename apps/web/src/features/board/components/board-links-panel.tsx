import { type BoardLink, CreateBoardLinkRequestSchema, type CreatedBoardLink } from '@kerf/contracts';
import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleOff,
  IconDeviceTv,
  IconPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
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
import { useBoardLinks, useCreateBoardLink, useRevokeBoardLink } from '../api/board-links';

/**
 * The address a wall screen opens. The secret travels in the fragment (`#…`), which browsers never
 * send to a server: it stays out of access logs, proxies and Referer headers; the page reads it and
 * sends it only as `Authorization: Board …` and in the live socket's subscribe frames.
 */
function boardUrl(secret: string, origin = window.location.origin): string {
  return `${origin}/board#${secret}`;
}

function CreateBoardLinkModal({
  locationId,
  onClose,
  onCreated,
}: {
  locationId: string;
  onClose: () => void;
  onCreated: (link: CreatedBoardLink) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateBoardLink(locationId);
  const form = useForm<{ name: string }>({
    validateInputOnBlur: true,
    initialValues: { name: '' },
    validate: (values) => schemaErrors(CreateBoardLinkRequestSchema, values, t),
  });
  const submit = useFormSubmit(form, (values) => create.mutateAsync({ name: values.name }), {
    onSaved: onCreated,
  });
  return (
    <FormModal
      onClose={onClose}
      title={t('boardLinks.createTitle')}
      onSubmit={submit}
      submitting={create.isPending}
      size="md"
    >
      <TextInput
        label={t('boardLinks.name')}
        description={t('boardLinks.nameHint')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
}

/** The light alert's amber title misses 4.5:1 on its tint: the words stay dark, the colour is in the icon. */
const ALERT_STYLES = { title: { color: 'var(--mantine-color-dark-8)' } };

/** The link of a new board, shown this one time with a copy button. */
function CreatedBoardLinkModal({ link, onClose }: { link: CreatedBoardLink; onClose: () => void }) {
  const { t } = useTranslation();
  const url = boardUrl(link.secret);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('boardLinks.createdTitle', { name: link.name })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('boardLinks.shownOnceTitle')}
          styles={ALERT_STYLES}
        >
          {t('boardLinks.shownOnce')}
        </Alert>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('boardLinks.link')}
          </Text>
          <Code
            block
            translate="no"
            dir="ltr"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            data-testid="board-link-url"
          >
            {url}
          </Code>
        </Stack>
        <Group justify="space-between">
          <Anchor href={url} target="_blank" rel="noopener noreferrer">
            {t('boardLinks.open')}
          </Anchor>
          <Group gap="xs">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('boardLinks.copied') : t('boardLinks.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('boardLinks.done')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The printing-shop admin's board links of a location (issue 36): create one per wall screen (its
 * link shown once), see when each was last used, revoke one — its board shows at once that it was
 * revoked.
 */
export function BoardLinksPanel({ locationId }: { locationId: string }) {
  const { t, i18n } = useTranslation();
  const query = useBoardLinks(locationId);
  const revoke = useRevokeBoardLink(locationId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedBoardLink | null>(null);
  const table = useTableState(query.data, i18n.language, {
    initialSort: { columnAccessor: 'createdAt', direction: 'desc' },
    searchText: (link) => link.name,
  });
  const onRevoke = async (link: BoardLink) => {
    const ok = await confirm({
      title: t('boardLinks.revokeTitle'),
      message: t('boardLinks.revokeMessage', { name: link.name }),
      confirmLabel: t('boardLinks.revoke'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(link.id);
      notifySuccess(t('boardLinks.revoked'));
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  const columns: TableColumn<BoardLink>[] = [
    nameColumn('name', t('boardLinks.name'), (link) => link.name),
    dateColumn('createdAt', t('boardLinks.created'), (link) => link.createdAt, { withTime: true }),
    dateColumn('lastUsedAt', t('boardLinks.lastUsed'), (link) => link.lastUsedAt, {
      withTime: true,
      priority: 'low',
    }),
    {
      accessor: 'state',
      title: t('boardLinks.state'),
      render: (link) =>
        link.state === 'REVOKED' ? (
          <ToneBadge color="gray.6" icon={IconCircleOff}>
            {t('boardLinks.stateRevoked')}
          </ToneBadge>
        ) : (
          <ToneBadge color="green.7" icon={IconCircleCheck}>
            {t('boardLinks.stateActive')}
          </ToneBadge>
        ),
    },
    actionsColumn(t('table.actions'), (link) =>
      link.state === 'REVOKED' ? null : (
        <RowAction
          tooltip={t('boardLinks.revoke')}
          label={t('boardLinks.revokeNamed', { name: link.name })}
          icon={<IconCircleOff size={18} aria-hidden />}
          onClick={() => void onRevoke(link)}
          danger
        />
      ),
    ),
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <IconDeviceTv size={20} aria-hidden />
            <Title order={2} size="h3">
              {t('boardLinks.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" maw={720}>
            {t('boardLinks.explain')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('boardLinks.create')}
        </Button>
      </Group>
      <DataTable<BoardLink>
        label={t('boardLinks.title')}
        columns={columns}
        idAccessor="id"
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('boardLinks.empty'), description: t('boardLinks.emptyHint') }}
        {...table}
      />
      {creating && (
        <CreateBoardLinkModal
          locationId={locationId}
          onClose={() => setCreating(false)}
          onCreated={(link) => {
            setCreating(false);
            setCreated(link);
          }}
        />
      )}
      {created && <CreatedBoardLinkModal link={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}
