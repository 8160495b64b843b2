export const reportKeys = {
  all: ['reports'] as const,
  report: (name: string, query: unknown) => [...reportKeys.all, name, query] as const,
  readSource: () => [...reportKeys.all, 'read-source'] as const,
  uptimeLast24h: (query: unknown) => [...reportKeys.all, 'uptime-last-24h', query] as const,
};
