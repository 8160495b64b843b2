import {
  type CreateTenant,
  createSystemTenant,
  getIngestHealth,
  getSystemMail,
  listSystemAudit,
  listSystemJobs,
  listSystemMails,
  listSystemTenants,
  listSystemUsers,
  type MailState,
  resendSystemMail,
  runSystemJob,
  setSystemTenantActive,
  setSystemUserActive,
} from '@kerf/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query keys of the system admin area. */
export const systemKeys = {
  all: ['system'] as const,
  tenants: (query: object) => [...systemKeys.all, 'tenants', query] as const,
  users: (query: object) => [...systemKeys.all, 'users', query] as const,
  mails: (query: object) => [...systemKeys.all, 'mails', query] as const,
  mail: (id: string) => [...systemKeys.all, 'mail', id] as const,
  audit: (query: object) => [...systemKeys.all, 'audit', query] as const,
  ingest: () => [...systemKeys.all, 'ingest'] as const,
  jobs: () => [...systemKeys.all, 'jobs'] as const,
};

export interface PageQuery {
  page: number;
  page_size: number;
  search?: string;
}

export function useSystemTenants(query: PageQuery & { active?: 'true' | 'false' }) {
  return useQuery({
    queryKey: systemKeys.tenants(query),
    queryFn: ({ signal }) => api(listSystemTenants, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenant) => api(createSystemTenant, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}

/** Disables or re-enables a tenant: its users are signed out at once, its machines disconnected. */
export function useSetTenantActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api(setSystemTenantActive, { params: { id }, body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}

export function useSystemUsers(query: PageQuery & { tenant_id?: string }) {
  return useQuery({
    queryKey: systemKeys.users(query),
    queryFn: ({ signal }) => api(listSystemUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetSystemUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api(setSystemUserActive, { params: { id }, body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.all }),
  });
}

export function useSystemMails(query: PageQuery & { state?: MailState }) {
  return useQuery({
    queryKey: systemKeys.mails(query),
    queryFn: ({ signal }) => api(listSystemMails, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSystemMail(id: string | null) {
  return useQuery({
    queryKey: systemKeys.mail(id ?? ''),
    queryFn: ({ signal }) => api(getSystemMail, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(resendSystemMail, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...systemKeys.all, 'mails'] }),
  });
}

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

/** Ingest counters, read again every five seconds while the page is open. */
export function useIngestHealth() {
  return useQuery({
    queryKey: systemKeys.ingest(),
    queryFn: ({ signal }) => api(getIngestHealth, { signal }),
    refetchInterval: 5000,
  });
}

export function useSystemJobs() {
  return useQuery({
    queryKey: systemKeys.jobs(),
    queryFn: ({ signal }) => api(listSystemJobs, { signal }),
    refetchInterval: 10_000,
  });
}

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api(runSystemJob, { params: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.jobs() }),
  });
}
