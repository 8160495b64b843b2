export const tenantKeys = {
  all: ['tenants'] as const,
  list: (page: number, pageSize: number) => [...tenantKeys.all, 'list', { page, pageSize }] as const,
};
