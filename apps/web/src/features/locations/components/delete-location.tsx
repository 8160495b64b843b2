import type { ErrorResponse, PrintingShop } from '@kerf/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorDetails } from '../../../components/errors';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { useDeleteLocation } from '../api/locations';
import type { ShopKind } from '../shop-kind';

const BLOCKING_CODES = [
  'service.printing-shops.PRINTING_SHOP_HAS_USERS',
  'service.printing-shops.PRINTING_SHOP_HAS_MACHINES',
  'service.grinding-shops.SHOP_HAS_USERS',
  'service.grinding-shops.SHOP_HAS_MACHINES',
] as const;

/** Why a delete cannot happen (product.md §5): what is still there, counted, and who by name when known. */
export interface DeleteBlock {
  /** translated sentences, one per reason */
  reasons: string[];
  /** the server's catalogue code, when it refused */
  code?: string;
  /** who is still there (the server names the first ten) */
  assigned?: NonNullable<ErrorResponse['details']>['assigned'];
}

/**
 * The reasons a location or service area cannot go, from the counts the page already has, so the
 * dialog says so before asking "cannot be undone" (issue 32).
 */
export function blockReasons(
  t: TFunction,
  locale: string,
  counts: { employees?: number; machines?: number },
): string[] {
  const reasons: string[] = [];
  if ((counts.employees ?? 0) > 0)
    reasons.push(
      t('locations.deleteBlockedBy.employees', { count: formatNumber(counts.employees!, locale) }),
    );
  if ((counts.machines ?? 0) > 0)
    reasons.push(t('locations.deleteBlockedBy.machines', { count: formatNumber(counts.machines!, locale) }));
  return reasons;
}

/** docs/design.md: a blocked delete says why and what to do first, in a dialog rather than a passing toast. */
export function showDeleteBlocked(t: TFunction, name: string, block: DeleteBlock | string) {
  const { reasons, code, assigned } =
    typeof block === 'string'
      ? { reasons: [translateKey(t, `errors.${block}`)], code: block, assigned: undefined }
      : block;
  const more = assigned ? assigned.count - assigned.names.length : 0;
  modals.open({
    title: t('locations.deleteBlockedTitle', { name }),
    centered: true,
    children: (
      <Stack>
        <Group gap="sm" wrap="nowrap" align="flex-start" role="alert" data-testid="delete-blocked">
          <IconAlertTriangle color="var(--mantine-color-yellow-9)" aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={4}>
            {reasons.map((reason) => (
              <Text key={reason}>{reason}</Text>
            ))}
            {assigned && assigned.names.length > 0 && (
              <Text>
                {t('locations.deleteBlockedBy.names', { names: assigned.names.join(', ') })}
                {more > 0 && ` ${t('locations.deleteBlockedBy.more', { count: more })}`}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('locations.deleteBlockedBy.whatToDo')}
            </Text>
            {code && <ErrorDetails code={code} />}
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button onClick={() => modals.closeAll()} data-autofocus>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/**
 * Says first when the delete is blocked (the page knows its employees and machines), else asks,
 * then deletes; resolves true when the location is gone. The server's refusal (someone was
 * assigned meanwhile) shows in the same dialog, with the names it gives.
 */
export function useDeleteLocationFlow(kind: ShopKind = 'printing-shop') {
  const { t, i18n } = useTranslation();
  const remove = useDeleteLocation(kind);
  return async (
    location: Pick<PrintingShop, 'id' | 'name'> & { numberOfEmployees?: number; numberOfMachines?: number },
  ): Promise<boolean> => {
    const reasons = blockReasons(t, i18n.language, {
      employees: location.numberOfEmployees,
      machines: location.numberOfMachines,
    });
    if (reasons.length > 0) {
      showDeleteBlocked(t, location.name, { reasons });
      return false;
    }
    if (!(await confirmDelete(t, t('locations.thing'), location.name))) return false;
    try {
      await remove.mutateAsync(location.id);
      notifyDeleted(t);
      return true;
    } catch (error) {
      if (isApiError(error) && (BLOCKING_CODES as readonly string[]).includes(error.code)) {
        showDeleteBlocked(t, location.name, {
          reasons: [translateKey(t, `errors.${error.code}`)],
          code: error.code,
          assigned: error.details?.assigned,
        });
      } else {
        notifyError(error, t, i18n);
      }
      return false;
    }
  };
}
