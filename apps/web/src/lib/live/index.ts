export {
  createLiveClient,
  type LiveClient,
  type LiveEvent,
  type LiveListener,
  type LiveSession,
} from './live-client';
