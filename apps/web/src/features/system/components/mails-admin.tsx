import { MAIL_STATES, type MailState, type MailSummary } from '@kerf/contracts';
import { Button, Code, Group, Modal, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, dateColumn, textColumn } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/errors';
import { confirm, notifyError, notifySuccess } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { ToneBadge } from '../../../components/status';
import { useResendMail, useSystemMail, useSystemMails } from '../api/mails';
import { useServerPaging } from './use-server-paging';

const NO_SORT = { columnAccessor: 'createdAt', direction: 'desc' } as const;
const STATE_LOOK = {
  PENDING: { color: 'yellow.9', icon: IconClockHour4 },
  SENT: { color: 'green.8', icon: IconCircleCheck },
  FAILED: { color: 'red.8', icon: IconX },
} as const;

function MailStateBadge({ state }: { state: MailState }) {
  const { t } = useTranslation();
  return (
    <ToneBadge color={STATE_LOOK[state].color} icon={STATE_LOOK[state].icon}>
      {t(`systemAdmin.mails.states.${state}`)}
    </ToneBadge>
  );
}

/** The mail outbox, newest first; a row opens the mail, which can be sent again. */
export function MailOutboxTable() {
  const { t } = useTranslation();
  const paging = useServerPaging();
  const [state, setState] = useState<MailState | 'ALL'>('ALL');
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useSystemMails({ ...paging.query, state: state === 'ALL' ? undefined : state });

  const columns: DataTableColumn<MailSummary>[] = [
    dateColumn('createdAt', t('systemAdmin.mails.createdAt'), (mail) => mail.createdAt, { withTime: true }),
    textColumn('recipient', t('systemAdmin.mails.recipient'), (mail) => mail.recipient, { priority: 'low' }),
    textColumn('subject', t('systemAdmin.mails.subject'), (mail) => mail.subject),
    {
      accessor: 'state',
      title: t('systemAdmin.mails.state'),
      render: (mail) => <MailStateBadge state={mail.state} />,
    },
  ];

  return (
    <>
      <SegmentedControl
        aria-label={t('systemAdmin.mails.stateFilter')}
        value={state}
        onChange={(value) => {
          setState(value as MailState | 'ALL');
          paging.resetPage();
        }}
        data={[
          { value: 'ALL', label: t('systemAdmin.tenants.all') },
          ...MAIL_STATES.map((value) => ({ value, label: t(`systemAdmin.mails.states.${value}`) })),
        ]}
        w="fit-content"
      />
      <DataTable<MailSummary>
        label={t('systemAdmin.mails.title')}
        columns={columns}
        idAccessor="id"
        records={query.data?.items}
        totalRecords={query.data?.total ?? 0}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        sortStatus={NO_SORT}
        onSortStatusChange={() => {}}
        empty={{ title: t('systemAdmin.mails.empty') }}
        onRowClick={(mail) => setOpenId(mail.id)}
        {...paging.table}
      />
      {openId && <MailModal id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}

function MailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const mail = useSystemMail(id);
  const resend = useResendMail();
  const send = async () => {
    if (!mail.data) return;
    const confirmed = await confirm({
      title: t('systemAdmin.mails.resendTitle'),
      message: t('systemAdmin.mails.resendMessage', { recipient: mail.data.recipient }),
      confirmLabel: t('systemAdmin.mails.resend'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    try {
      await resend.mutateAsync(id);
      notifySuccess(t('systemAdmin.mails.resent'), undefined, t('actions.close'));
      onClose();
    } catch (error) {
      notifyError(error, t, i18n);
    }
  };
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      onClose={onClose}
      title={mail.data?.subject ?? t('systemAdmin.mails.title')}
      size="xl"
      centered
    >
      {mail.error ? (
        <ErrorAlert error={mail.error} title={t('table.loadFailed')} />
      ) : !mail.data ? (
        <Skeleton height={200} />
      ) : (
        <Stack>
          <Group gap="xl">
            <Text size="sm">
              <Text span fw={600}>
                {t('systemAdmin.mails.recipient')}:{' '}
              </Text>
              <Text span dir="ltr">
                {mail.data.recipient}
              </Text>
            </Text>
            <MailStateBadge state={mail.data.state} />
            <Text size="sm" c="dimmed">
              <DateText value={mail.data.createdAt} withTime />
            </Text>
          </Group>
          {mail.data.lastError && (
            <Text size="sm" c="red.8">
              {t('systemAdmin.mails.lastError')}: {mail.data.lastError}
            </Text>
          )}
          <Code block dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {mail.data.body}
          </Code>
          {mail.data.attachments.length > 0 && (
            <Stack gap={4} data-testid="mail-attachments">
              <Text size="sm" fw={600}>
                {t('systemAdmin.mails.attachments')}
              </Text>
              {mail.data.attachments.map((file) => (
                <Group key={file.filename} gap="sm">
                  <Text size="sm" dir="ltr" translate="no">
                    {file.filename} ({file.size.toLocaleString(i18n.language)} B)
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    component="a"
                    download={file.filename}
                    href={URL.createObjectURL(new Blob([file.content], { type: file.contentType }))}
                  >
                    {t('systemAdmin.mails.download')}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.close')}
            </Button>
            <Button
              leftSection={<IconMailForward size={18} aria-hidden />}
              loading={resend.isPending}
              onClick={() => void send()}
            >
              {t('systemAdmin.mails.resend')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
