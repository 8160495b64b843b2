import type { MachineAccess } from '@kerf/contracts';
import { Box, Button, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  DataTable,
  dateColumn,
  nameColumn,
  orEmpty,
  type TableColumn,
  useTableState,
} from '../../../components/data-table';
import { DurationText } from '../../../components/format';
import { translateKey } from '../../../lib/i18n';
import { AccessStateBadge } from './access-state-badge';

/**
 * Remote-service connections: who, when, which service type, state, how long; diagnostics
 * (gate manager, latency, failure) where the user may see them (developers).
 */
/**
 * The gate manager's failure reasons in the user's language (they arrive as English log lines); one
 * it does not know yet is shown as it came, which beats hiding it from the developer who reads it.
 */
function diagnosisText(t: TFunction, reason: string): string {
  const unreachable = /^site manager not reachable \(machine (\w+)\)$/.exec(reason);
  if (unreachable)
    return t('customerService.diagnosis.unreachable', {
      status: translateKey(t, `status.machine.${unreachable[1]}`),
    });
  if (/^gate manager session refused: site manager busy$/.test(reason))
    return t('customerService.diagnosis.busy');
  return reason;
}

export function MachineAccessesTable({
  accesses,
  onCloseAccess,
  closing,
}: {
  accesses: MachineAccess[] | undefined;
  onCloseAccess?: (access: MachineAccess) => void;
  closing?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const table = useTableState(accesses, i18n.language, {
    initialSort: { columnAccessor: 'openedAt', direction: 'desc' },
    searchText: (a) => `${a.userName} ${a.serviceType} ${a.state}`,
  });
  const hasDiagnostics = accesses?.some((a) => a.diagnostics) ?? false;
  const seconds = (a: MachineAccess) =>
    a.closedAt ? Math.max(0, (Date.parse(a.closedAt) - Date.parse(a.openedAt)) / 1000) : null;
  const columns: TableColumn<MachineAccess>[] = [
    dateColumn('openedAt', t('customerService.openedAt'), (a) => a.openedAt, {
      withTime: true,
      sortable: true,
    }),
    nameColumn('userName', t('customerService.openedBy'), (a) => a.userName),
    {
      accessor: 'serviceType',
      title: t('customerService.serviceType'),
      sortable: true,
      render: (a) => (
        <>
          {t(`customerService.serviceTypes.${a.serviceType}`)}
          {/* a phone shows the state under the service: five columns do not fit */}
          <Box hiddenFrom="xs" mt={4}>
            <AccessStateBadge state={a.state} />
          </Box>
        </>
      ),
    },
    {
      accessor: 'state',
      title: t('customerService.state'),
      sortable: true,
      visibleFrom: 'xs',
      render: (a) => <AccessStateBadge state={a.state} />,
    },
    {
      accessor: 'duration',
      title: t('customerService.duration'),
      priority: 'low',
      render: (a) => {
        const s = seconds(a);
        return orEmpty(s === null ? null : <DurationText seconds={s} />);
      },
    },
    ...(hasDiagnostics
      ? [
          {
            accessor: 'diagnostics',
            title: t('customerService.diagnostics'),
            priority: 'low' as const,
            render: (a: MachineAccess) =>
              orEmpty(
                a.diagnostics && (
                  <Stack gap={0}>
                    <Text size="xs" ff="monospace" dir="ltr" translate="no">
                      {a.diagnostics.gateManager}
                      {a.diagnostics.latencyMs !== null ? ` · ${a.diagnostics.latencyMs} ms` : ''}
                    </Text>
                    {a.diagnostics.failureReason ? (
                      <Text size="xs" c="dimmed">
                        {diagnosisText(t, a.diagnostics.failureReason)}
                      </Text>
                    ) : (
                      <Text size="xs" c="dimmed" dir="ltr" translate="no">
                        {a.diagnostics.protocol}
                      </Text>
                    )}
                  </Stack>
                ),
              ),
          },
        ]
      : []),
    ...(onCloseAccess
      ? [
          actionsColumn<MachineAccess>(t('table.actions'), (a) =>
            a.state === 'ACTIVE' ? (
              <Button
                size="xs"
                variant="filled"
                color="red.8"
                loading={closing}
                onClick={() => onCloseAccess(a)}
              >
                {t('customerService.endConnection')}
              </Button>
            ) : null,
          ),
        ]
      : []),
  ];
  return (
    <DataTable<MachineAccess>
      label={t('customerService.connectionsTitle')}
      columns={columns}
      idAccessor="id"
      isLoading={!accesses}
      empty={{ title: t('customerService.noConnections') }}
      {...table}
    />
  );
}
