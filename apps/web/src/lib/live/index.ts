export {
  createLiveClient,
  type LiveClient,
} from './live-client';
export { LiveClientProvider } from './live-context';
export { useLiveConnection, useLiveEvent } from './use-live-event';
