export {
  createLiveClient,
  type LiveClient,
  type LiveConnectionState,
  type LiveEvent,
  type LiveListener,
  type LiveSession,
} from './live-client';
export { LiveClientProvider, useLiveConnection, useLiveEvent } from './use-live-event';
