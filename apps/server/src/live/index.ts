/** The live socket `/api/live` and the broker-backed event bus behind it. */

export { registerLiveGateway } from './live.gateway';
export { type LiveEvent, type LivePublisher, liveEvent } from './live-event';
export { type LiveBus, liveTopic, startLiveBus } from './live-bus';
