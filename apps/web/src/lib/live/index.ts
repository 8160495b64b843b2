export {
  createLiveClient,
  type LiveClient,
  type LiveConnectionState,
  type LiveEvent,
  type LiveListener,
  type LiveSession,
} from './live-client';
export { LiveClientProvider } from './live-context';
export { useLiveConnection, useLiveEvent } from './use-live-event';
