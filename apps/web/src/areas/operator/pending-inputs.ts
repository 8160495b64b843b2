import { type MachineStatusView, statusGroupOf } from '@kerf/contracts';
import type { QueueItem } from './offline-queue';

/**
 * What the terminal shows of its machine: the server's view with the operator's own inputs that
 * are still in the outbox laid over it (ADR 0017: an input shows at once, also offline). The cached
 * view itself stays the server's — it is only ever replaced by a newer view (an HTTP read, the
 * status PUT's answer, a live event) — and each input drops out of this overlay when it leaves the
 * outbox, its answer already in the cache. Nothing the server counts (cuts, knife, urgency) is
 * touched here: an input only names a status or an order the operator chose.
 */
export function withPendingInputs(view: MachineStatusView, items: readonly QueueItem[]): MachineStatusView {
  let shown = view;
  for (const item of items) {
    if (item.machineId !== view.machineId) continue;
    const job = shown.currentJob;
    switch (item.kind) {
      case 'status':
        shown = {
          ...shown,
          status: item.status,
          statusGroup: statusGroupOf(item.status),
          statusSince: item.at,
        };
        break;
      case 'createOrder':
      case 'startOrder':
        shown = {
          ...shown,
          currentJob: {
            id: item.orderId,
            name: item.name,
            orderNumber: item.orderNumber ?? null,
            programNumber: item.programNumber ?? null,
            parentJobId: null,
            startDate: item.at,
            cuts: 0,
          },
        };
        break;
      case 'updateOrder':
        if (job?.id === item.orderId)
          shown = {
            ...shown,
            currentJob: {
              ...job,
              name: item.name,
              orderNumber: item.orderNumber,
              programNumber: item.programNumber,
            },
          };
        break;
      case 'closeOrder':
      case 'deleteOrder':
        if (job?.id === item.orderId) shown = { ...shown, currentJob: null };
        break;
    }
  }
  return shown;
}
