/** Query keys of the integrations: API keys, webhooks and their delivery log, works council mode, teams. */
export const integrationKeys = {
  apiKeys: () => ['integrations', 'api-keys'] as const,
  webhooks: () => ['integrations', 'webhooks'] as const,
  deliveries: (id: string) => ['integrations', 'webhooks', id, 'deliveries'] as const,
  worksCouncil: () => ['works-council-mode'] as const,
  teams: () => ['teams'] as const,
  teamCandidates: () => ['teams', 'employees'] as const,
};
