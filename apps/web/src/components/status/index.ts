export * from './status';
export { MachineStatusBadge, SwapUrgencyBadge, ToneBadge } from './status-badge';
