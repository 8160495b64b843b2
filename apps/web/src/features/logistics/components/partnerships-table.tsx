import type { Partnership } from '@kerf/contracts';
import { Box, Button, Group, Stack } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, dateColumn, type TableColumn, useTableState } from '../../../components/data-table';
import { confirm, notifyError, notifySuccess } from '../../../components/feedback';
import { ToneBadge } from '../../../components/status';
import { translateKey } from '../../../lib/i18n';
import type { LogisticsSide } from '../api/keys';
import { useAcceptPartnership, useEndPartnership, usePartnerships } from '../api/partnerships';

const STATE_LOOK = {
  INVITED: { color: 'blue', icon: IconCircleDashed },
  ACTIVE: { color: 'green', icon: IconCircleCheck },
  ENDED: { color: 'gray', icon: IconCircleX },
} as const;

function PartnershipStateBadge({ state }: { state: Partnership['state'] }) {
  const { t } = useTranslation();
  return (
    <ToneBadge color={STATE_LOOK[state].color} icon={STATE_LOOK[state].icon}>
      {translateKey(t, `logistics.partnerships.states.${state}`)}
    </ToneBadge>
  );
}

/**
 * The partners of one side: the printing shop lists its grinding shops, the grinding shop its
 * printing shops. Accepting is the grinding shop's; ending is either side's (`canManage`).
 */
export function PartnershipsTable({
  side,
  canManage,
  emptyAction,
}: {
  side: LogisticsSide;
  canManage: boolean;
  emptyAction?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const partnerships = usePartnerships(side);
  const accept = useAcceptPartnership();
  const end = useEndPartnership(side);
  const partnerName = (p: Partnership) => (side === 'owner' ? p.grindingShopName : p.printingShopName);
  const table = useTableState(partnerships.data, i18n.language, {
    initialSort: { columnAccessor: 'invitedAt', direction: 'desc' },
    searchText: partnerName,
  });

  const onEnd = async (partnership: Partnership) => {
    const ok = await confirm({
      title: t('logistics.partnerships.endTitle', { name: partnerName(partnership) }),
      message: t('logistics.partnerships.endMessage'),
      confirmLabel: t('logistics.partnerships.end'),
      cancelLabel: t('actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    end.mutate(partnership.id, {
      onSuccess: () => notifySuccess(t('logistics.partnerships.ended'), undefined, t('actions.close')),
      onError: (error) => notifyError(error, t, i18n),
    });
  };

  const columns: TableColumn<Partnership>[] = [
    {
      accessor: 'partner',
      title: t('logistics.partnerships.partner'),
      // On a phone the state sits under the name: the actions column keeps its room.
      render: (p) => (
        <Stack gap={4} align="flex-start">
          <span translate="no" dir="auto">
            {partnerName(p)}
          </span>
          <Box hiddenFrom="xs">
            <PartnershipStateBadge state={p.state} />
          </Box>
        </Stack>
      ),
    },
    {
      accessor: 'state',
      title: t('logistics.partnerships.state'),
      render: (p) => <PartnershipStateBadge state={p.state} />,
      visibleFrom: 'xs',
    },
    {
      accessor: 'knivesAtGrinder',
      title: t('logistics.partnerships.knivesAtGrinder'),
      numeric: true,
      sortable: true,
      visibleFrom: 'sm',
    },
    dateColumn('invitedAt', t('logistics.partnerships.invitedAt'), (p) => p.invitedAt, {
      sortable: true,
      visibleFrom: 'md',
    }),
  ];
  if (canManage)
    columns.push({
      accessor: 'actions',
      title: t('table.actions'),
      render: (p) =>
        canManage && p.state !== 'ENDED' ? (
          <Group gap="xs" justify="flex-end">
            {side === 'grinder' && p.state === 'INVITED' && (
              <Button
                size="xs"
                loading={accept.isPending && accept.variables === p.id}
                onClick={() =>
                  accept.mutate(p.id, {
                    onSuccess: () =>
                      notifySuccess(t('logistics.partnerships.accepted'), undefined, t('actions.close')),
                    onError: (error) => notifyError(error, t, i18n),
                  })
                }
              >
                {t('logistics.partnerships.accept')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => void onEnd(p)}>
              {p.state === 'INVITED' && side === 'grinder'
                ? t('logistics.partnerships.decline')
                : t('logistics.partnerships.end')}
            </Button>
          </Group>
        ) : null,
    });
  return (
    <DataTable
      label={side === 'owner' ? t('logistics.partnerships.title') : t('logistics.partnerships.grinderTitle')}
      columns={columns}
      idAccessor="id"
      isLoading={partnerships.isPending}
      error={partnerships.error}
      onRetry={() => void partnerships.refetch()}
      empty={{
        title: t('logistics.partnerships.empty'),
        description:
          side === 'owner'
            ? t('logistics.partnerships.emptyOwner')
            : t('logistics.partnerships.emptyGrinder'),
        action: emptyAction,
      }}
      {...table}
    />
  );
}
