import { listSystemAudit } from '@kerf/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type PageQuery, systemKeys } from './keys';

export interface AuditQuery extends PageQuery {
  tenant_id?: string;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

export function useSystemAudit(query: AuditQuery) {
  return useQuery({
    queryKey: systemKeys.audit(query),
    queryFn: ({ signal }) => api(listSystemAudit, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
