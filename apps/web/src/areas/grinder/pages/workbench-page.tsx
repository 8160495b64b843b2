import type { Custody } from '@kerf/contracts';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconScan } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert, errorText } from '../../../components/errors';
import { confirm, EmptyState, notifyError, notifySuccess } from '../../../components/feedback';
import { DateText } from '../../../components/format';
import { usePageTitle } from '../../../components/layout';
import {
  RfidConflicts,
  StayStateBadge,
  useInbox,
  useReceiveKnife,
  useShipBack,
} from '../../../features/logistics';

/** The grinder's page of one knife: a knife is its owner and its RFID (issue 31). */
const knifePath = (stay: Pick<Custody, 'ownerId' | 'rfid'>) => `owners/${stay.ownerId}/knives/${stay.rfid}`;

/**
 * The grinder's workbench: scan or type an RFID to receive a knife (its owner and history open),
 * the knives on the way and on the bench, and shipping the ground ones back.
 */
export function WorkbenchPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const inbox = useInbox();
  const receive = useReceiveKnife();
  const shipBack = useShipBack();
  const [rfid, setRfid] = useState('');
  const [rfidError, setRfidError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  usePageTitle(t('grinder.workbench.title'));
  const rows: Custody[] = inbox.data ?? [];

  const onReceive = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = rfid.trim().toUpperCase();
    if (!/^[0-9A-F]{8,32}$/.test(value)) {
      setRfidError(t('grinder.receive.invalid'));
      return;
    }
    // The scanned RFID names a knife only with its owner: the stay on the way or on the bench says
    // which (a grinding shop holds one knife per RFID at a time).
    const stay = rows.find((row) => row.rfid === value);
    if (!stay) {
      setRfidError(t('grinder.receive.notHere'));
      return;
    }
    setRfidError(null);
    receive.mutate(
      { owner: stay.ownerId, rfid: value },
      {
        onSuccess: (knife) => {
          notifySuccess(
            t('grinder.receive.done', { rfid: knife.rfid, owner: knife.ownerName }),
            undefined,
            t('actions.close'),
          );
          void navigate(knifePath(knife.custody));
        },
        onError: (error) => setRfidError(errorText(error, t, i18n).message),
      },
    );
  };

  const onShipBack = async () => {
    const ok = await confirm({
      title: t('grinder.shipBack.title', { count: selected.length }),
      message: t('grinder.shipBack.message'),
      confirmLabel: t('grinder.shipBack.confirm'),
      cancelLabel: t('actions.cancel'),
    });
    if (!ok) return;
    // One shipment per owner: the selection is of stays, each naming its owner.
    const chosen = rows.filter((row) => selected.includes(row.id));
    const owners = [...new Set(chosen.map((row) => row.ownerId))];
    for (const owner of owners)
      shipBack.mutate(
        { owner, rfids: chosen.filter((row) => row.ownerId === owner).map((row) => row.rfid) },
        {
          onSuccess: (shipment) => {
            notifySuccess(
              t('grinder.shipBack.done', { count: shipment.knives.length, owner: shipment.printingShopName }),
              undefined,
              t('actions.close'),
            );
            setSelected((current) =>
              current.filter((id) => !chosen.some((row) => row.id === id && row.ownerId === owner)),
            );
          },
          onError: (error) => notifyError(error, t, i18n),
        },
      );
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((value) => value !== id)));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('grinder.workbench.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('grinder.workbench.intro')}
        </Text>
      </Stack>
      <RfidConflicts side="grinder" />
      <Card withBorder padding="md" component="form" onSubmit={onReceive} noValidate>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('grinder.receive.rfid')}
            description={t('grinder.receive.hint')}
            value={rfid}
            onChange={(event) => setRfid(event.currentTarget.value)}
            error={rfidError}
            dir="ltr"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            autoComplete="off"
            autoCapitalize="characters"
            style={{ flex: '1 1 16rem' }}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 46 }}
            loading={receive.isPending}
            leftSection={<IconScan size={18} aria-hidden />}
          >
            {t('grinder.receive.submit')}
          </Button>
        </Group>
      </Card>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('grinder.inbox.title')}
          </Title>
          <Button
            variant="light"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            disabled={selected.length === 0}
            loading={shipBack.isPending}
            onClick={() => void onShipBack()}
          >
            {t('grinder.shipBack.open', { count: selected.length })}
          </Button>
        </Group>
        {inbox.error ? (
          <ErrorAlert error={inbox.error} />
        ) : inbox.isPending ? (
          <Skeleton height={160} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('grinder.inbox.empty')} description={t('grinder.inbox.emptyHint')} />
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table striped highlightOnHover aria-label={t('grinder.inbox.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('grinder.inbox.selectAll')}
                      checked={selected.length === rows.length}
                      indeterminate={selected.length > 0 && selected.length < rows.length}
                      onChange={(event) =>
                        setSelected(event.currentTarget.checked ? rows.map((r) => r.id) : [])
                      }
                    />
                  </Table.Th>
                  <Table.Th>{t('knives.fields.rfid')}</Table.Th>
                  <Table.Th visibleFrom="xs">{t('grinder.inbox.owner')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('knives.fields.knifeClassName')}</Table.Th>
                  <Table.Th>{t('grinder.inbox.state')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('grinder.inbox.sentAt')}</Table.Th>
                  <Table.Th ta="end" visibleFrom="sm">
                    {t('grinder.inbox.cycles')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('grinder.inbox.select', { rfid: row.rfid })}
                        checked={selected.includes(row.id)}
                        onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={knifePath(row)}
                        ff="monospace"
                        size="sm"
                        dir="ltr"
                        translate="no"
                      >
                        {row.rfid}
                      </Anchor>
                    </Table.Td>
                    <Table.Td visibleFrom="xs" translate="no">
                      {row.ownerName}
                    </Table.Td>
                    <Table.Td visibleFrom="sm" translate="no">
                      {row.knifeClassName}
                    </Table.Td>
                    <Table.Td>
                      <StayStateBadge stay={row} />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <DateText value={row.sentAt} />
                    </Table.Td>
                    <Table.Td ta="end" visibleFrom="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {row.cycles}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
