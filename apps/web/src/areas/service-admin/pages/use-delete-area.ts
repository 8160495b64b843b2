import type { ServiceArea } from '@kerf/contracts';
import { useTranslation } from 'react-i18next';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { useDeleteServiceArea } from '../../../features/customer-service';

/** Asks, deletes, says so; true when the area is gone. */
export function useDeleteAreaFlow() {
  const { t, i18n } = useTranslation();
  const remove = useDeleteServiceArea();
  return async (area: ServiceArea) => {
    if (!(await confirmDelete(t, t('customerService.areas.thing'), area.name))) return false;
    try {
      await remove.mutateAsync(area.id);
      notifyDeleted(t);
      return true;
    } catch (error) {
      notifyError(error, t, i18n);
      return false;
    }
  };
}
