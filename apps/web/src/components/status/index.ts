export { ConnectionBanner, LiveDot } from './live-dot';
export * from './status';
export { MachineStatusBadge, SwapUrgencyBadge, ToneBadge } from './status-badge';
