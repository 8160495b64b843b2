/** The live socket `/api/live` and the broker-backed event bus behind it. */

export { registerLiveGateway } from './live.gateway';
export { startLiveBus } from './live-bus';
export { type LivePublisher, liveEvent } from './live-event';
export type { MachineChangeSink } from './machine-change';
