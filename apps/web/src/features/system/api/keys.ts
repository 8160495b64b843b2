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
