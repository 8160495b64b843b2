export {
  createLiveClient,
  type LiveClient,
} from './live-client';
export { LiveClientProvider, useProvidedLiveClient } from './live-context';
export { useLiveConnection, useLiveEvent } from './use-live-event';
