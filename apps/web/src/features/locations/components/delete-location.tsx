import type { PrintingShop } from '@kerf/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorDetails } from '../../../components/errors';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { isApiError } from '../../../lib/api';
import { translateKey } from '../../../lib/i18n';
import { useDeleteLocation } from '../api/delete-location';
import type { ShopKind } from '../shop-kind';

const BLOCKING_CODES = [
  'service.printing-shops.PRINTING_SHOP_HAS_USERS',
  'service.printing-shops.PRINTING_SHOP_HAS_MACHINES',
  'service.grinding-shops.SHOP_HAS_MACHINES',
] as const;

/** DESIGN.md: a blocked delete says why and what to do first, in a dialog rather than a passing toast. */
export function showDeleteBlocked(t: TFunction, name: string, code: string) {
  modals.open({
    title: t('locations.deleteBlockedTitle', { name }),
    centered: true,
    children: (
      <Stack>
        <Group gap="sm" wrap="nowrap" align="flex-start" role="alert">
          <IconAlertTriangle color="var(--mantine-color-yellow-9)" aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={4}>
            <Text>{translateKey(t, `errors.${code}`)}</Text>
            <ErrorDetails code={code} />
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

/** Ask first, then delete; resolves true when the location is gone. */
export function useDeleteLocationFlow(kind: ShopKind = 'printing-shop') {
  const { t, i18n } = useTranslation();
  const remove = useDeleteLocation(kind);
  return async (location: Pick<PrintingShop, 'id' | 'name'>): Promise<boolean> => {
    if (!(await confirmDelete(t, t('locations.thing'), location.name))) return false;
    try {
      await remove.mutateAsync(location.id);
      notifyDeleted(t);
      return true;
    } catch (error) {
      if (isApiError(error) && (BLOCKING_CODES as readonly string[]).includes(error.code)) {
        showDeleteBlocked(t, location.name, error.code);
      } else {
        notifyError(error, t, i18n);
      }
      return false;
    }
  };
}
