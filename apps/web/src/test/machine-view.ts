import type { MachineStatusView } from '@kerf/contracts';

/** Midnight of today in the browser's zone: the shop's day when shop and browser share a zone. */
export const localMidnight = () => {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  return day.toISOString();
};

/**
 * A machine view as the server builds it (`GET …/status-view`, the status PUT's answer and the data
 * of every live machine event), for screen tests: one running machine with a knife, no order.
 */
export function machineView(
  machineId: string,
  overrides: Partial<MachineStatusView> = {},
): MachineStatusView {
  const now = new Date().toISOString();
  return {
    machineId,
    name: 'Schneider 1',
    serialNumber: 'PM-115-0001',
    revision: 1,
    asOf: now,
    status: 'RUNNING',
    statusGroup: 'PRODUCING',
    statusSince: now,
    operator: null,
    onlineStatus: 'ONLINE',
    lastSeenAt: now,
    totalCuts: 10_000,
    lastCutAt: now,
    cutsToday: 4,
    dayStartedAt: localMidnight(),
    knife: null,
    currentJob: null,
    ...overrides,
  };
}
