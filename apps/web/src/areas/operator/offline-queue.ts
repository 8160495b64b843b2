import {
  closeOrder,
  createOrder,
  deleteOrder,
  type FieldErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  type MachineStatus,
  type MachineStatusView,
  setMachineStatus,
  startOrder,
  updateOrder,
} from '@kerf/contracts';
import { useSyncExternalStore } from 'react';
import { api, isApiError } from '../../lib/api';

/**
 * The terminal's outbox (ADR 0017): every input of the operator (status, order created, edited,
 * closed, deleted) goes into local storage first and is sent from there, one after the other in the
 * order it was made. While the server cannot be reached the inputs stay and the terminal says it is
 * offline; when it is back they go out in order. Each input carries the time it was made (`at`), so a
 * status, an order created or started, and an order closed count from then, not from when the server
 * got them; a close carries the rejected cuts the operator counted, when they did. A replay never applies twice: a status carries its idempotency key, an order the id the
 * terminal gave it, and closing or deleting an order that is already closed or deleted changes
 * nothing. The status PUT answers with the machine's view, which is handed to `onAnswer` before the
 * input leaves the outbox.
 */

export type QueuedInput =
  | { kind: 'status'; machineId: string; status: MachineStatus }
  | {
      kind: 'createOrder';
      machineId: string;
      orderId: string;
      name: string;
      orderNumber: string | null;
      programNumber: string | null;
    }
  | {
      kind: 'updateOrder';
      machineId: string;
      orderId: string;
      name: string;
      orderNumber: string | null;
      programNumber: string | null;
    }
  | {
      kind: 'startOrder';
      machineId: string;
      orderId: string;
      name: string;
      /** shown on the terminal until the server's view names the order (not sent) */
      orderNumber?: string | null;
      programNumber?: string | null;
    }
  | {
      kind: 'closeOrder';
      machineId: string;
      orderId: string;
      name: string;
      /** the rejected cuts the operator counted (issue 36, OEE's quality); left out: not recorded */
      rejects?: OrderRejects;
    }
  | { kind: 'deleteOrder'; machineId: string; orderId: string; name: string };

/** Rejected cuts of an order close: while setting up, and in production. */
export interface OrderRejects {
  startup: number;
  production: number;
}

export type QueueItem = QueuedInput & { key: string; at: string };

/**
 * An input the server refused (e.g. a transition no longer possible); kept to be shown, not lost.
 * `field`: the field code of a refused input (`REJECTS_EXCEED_CUTS`), said in its own words.
 */
type RefusedItem = QueueItem & { code: string; field?: FieldErrorCode };

export interface QueueState {
  items: QueueItem[];
  refused: RefusedItem[];
  /** the last attempt to reach the server failed for want of a connection */
  offline: boolean;
  sending: boolean;
}

const RETRY_MS = 3000;
const storageKey = (userId: string) => `kerf.operator.outbox.${userId}`;

function read(userId: string): Pick<QueueState, 'items' | 'refused'> {
  try {
    const raw = window.localStorage.getItem(storageKey(userId));
    const parsed = raw ? (JSON.parse(raw) as Partial<QueueState>) : {};
    return { items: parsed.items ?? [], refused: parsed.refused ?? [] };
  } catch {
    return { items: [], refused: [] };
  }
}

/** Sends one input; a status answers with the machine's view, the other inputs with nothing we use. */
async function send(item: QueueItem): Promise<MachineStatusView | undefined> {
  switch (item.kind) {
    case 'status':
      return api(setMachineStatus, {
        params: { id: item.machineId },
        headers: { [IDEMPOTENCY_KEY_HEADER]: item.key },
        body: { value: item.status, at: item.at },
      });
    case 'createOrder':
      await api(createOrder, {
        body: {
          id: item.orderId,
          machineId: item.machineId,
          name: item.name,
          orderNumber: item.orderNumber,
          programNumber: item.programNumber,
          at: item.at,
        },
      });
      return;
    case 'updateOrder':
      await api(updateOrder, {
        params: { id: item.orderId },
        body: { name: item.name, orderNumber: item.orderNumber, programNumber: item.programNumber },
      });
      return;
    case 'startOrder':
      await api(startOrder, { params: { id: item.orderId }, body: { at: item.at } });
      return;
    case 'closeOrder':
      await api(closeOrder, {
        params: { id: item.orderId },
        body: { at: item.at, ...(item.rejects ? { rejects: item.rejects } : {}) },
      });
      return;
    case 'deleteOrder':
      await api(deleteOrder, { params: { id: item.orderId } });
      return;
  }
}

/** A network failure or a server that cannot answer now: keep the input and try again later. */
const isTransient = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 429;

export function createOutbox(
  userId: string,
  options: {
    /** the server's answer to an input that carries one (the status PUT's machine view), while it is still queued */
    onAnswer?: (item: QueueItem, answer: MachineStatusView) => void;
    /** an input left the outbox: applied or refused */
    onSent?: (item: QueueItem) => void;
  } = {},
) {
  let state: QueueState = {
    ...read(userId),
    offline: typeof navigator !== 'undefined' && navigator.onLine === false,
    sending: false,
  };
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function set(next: Partial<QueueState>) {
    state = { ...state, ...next };
    try {
      window.localStorage.setItem(
        storageKey(userId),
        JSON.stringify({ items: state.items, refused: state.refused }),
      );
    } catch {
      // storage full or blocked: the inputs stay in memory for this page
    }
    for (const listener of listeners) listener();
  }

  async function flush(): Promise<void> {
    if (state.sending) return;
    clearTimeout(timer);
    set({ sending: true });
    try {
      while (state.items.length > 0) {
        const item = state.items[0]!;
        try {
          const answer = await send(item).catch((error: unknown) => {
            // applied by the server (2xx), only its answer was not what this client expected
            if (!(isApiError(error) && error.status >= 200 && error.status < 300)) throw error;
            return undefined;
          });
          // the answer goes on screen before the input leaves, so the screen never shows the state between
          if (answer) options.onAnswer?.(item, answer);
          set({ items: state.items.slice(1), offline: false });
          options.onSent?.(item);
        } catch (error) {
          if (isTransient(error)) {
            set({ offline: isApiError(error) ? error.status === 0 : true });
            timer = setTimeout(() => void flush(), RETRY_MS);
            return;
          }
          const code = isApiError(error) ? error.code : 'errors.generic';
          const field = isApiError(error) ? error.details?.fields?.[0]?.code : undefined;
          set({
            items: state.items.slice(1),
            refused: [...state.refused, { ...item, code, ...(field ? { field } : {}) }],
          });
          options.onSent?.(item);
        }
      }
    } finally {
      set({ sending: false });
    }
  }

  const onOnline = () => void flush();
  const onOffline = () => set({ offline: true });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Keeps the input and sends it as soon as the ones before it are sent. */
    add(input: QueuedInput, at = new Date()): QueueItem {
      const item = { ...input, key: crypto.randomUUID(), at: at.toISOString() } as QueueItem;
      set({ items: [...state.items, item] });
      void flush();
      return item;
    },
    flush,
    /**
     * A successful read shows the server is reachable again, unless the browser says it is offline
     * now (an answer to a read sent before the connection dropped arrives after the `offline` event).
     */
    markOnline() {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      if (state.offline) {
        set({ offline: false });
        void flush();
      }
    },
    markOffline() {
      if (!state.offline) set({ offline: true });
    },
    dismissRefused() {
      set({ refused: [] });
    },
    dispose() {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

export function useOutboxState(outbox: Outbox): QueueState {
  return useSyncExternalStore(outbox.subscribe, outbox.getState, outbox.getState);
}
