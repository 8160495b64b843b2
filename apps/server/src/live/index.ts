/** The live socket `/api/live` and the broker-backed event bus behind it. */

export { registerLiveGateway } from './live.gateway';
export { type LiveBus, liveTopic, startLiveBus } from './live-bus';
export { type LiveEvent, type LivePublisher, liveEvent } from './live-event';
export {
  LIVE_TYPE_OF_CHANGE,
  type MachineChange,
  type MachineChangeKind,
  type MachineChangeSink,
} from './machine-change';
