import type { ServiceArea } from '@kerf/contracts';
import { useTranslation } from 'react-i18next';
import { confirmDelete, notifyDeleted, notifyError } from '../../../components/feedback';
import { useDeleteServiceArea } from '../../../features/customer-service';
import { blockReasons, showDeleteBlocked } from '../../../features/locations';
import { isApiError } from '../../../lib/api';
import { translateKey } from '../../../lib/i18n';

const BLOCKED = 'service.customer-service.SERVICE_AREA_HAS_USERS';

/**
 * Says first when employees still work in the area (product.md §5, the page knows how many), else asks,
 * deletes, says so; true when the area is gone.
 */
export function useDeleteAreaFlow() {
  const { t, i18n } = useTranslation();
  const remove = useDeleteServiceArea();
  return async (area: ServiceArea) => {
    const reasons = blockReasons(t, i18n.language, { employees: area.employeeCount });
    if (reasons.length > 0) {
      showDeleteBlocked(t, area.name, { reasons });
      return false;
    }
    if (!(await confirmDelete(t, t('customerService.areas.thing'), area.name))) return false;
    try {
      await remove.mutateAsync(area.id);
      notifyDeleted(t);
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === BLOCKED)
        showDeleteBlocked(t, area.name, {
          reasons: [translateKey(t, `errors.${BLOCKED}`)],
          code: BLOCKED,
          assigned: error.details?.assigned,
        });
      else notifyError(error, t, i18n);
      return false;
    }
  };
}
