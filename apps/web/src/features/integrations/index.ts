/** The integration API of the printing shop: API keys and webhooks with their delivery log (issue 18). */

export { ApiKeysPanel } from './components/api-keys-panel';
export { OrderImportPanel } from './components/order-import-panel';
export { TeamsCard } from './components/teams-card';
export { WebhooksPanel } from './components/webhooks-panel';
export { WorksCouncilCard } from './components/works-council-card';
