import {
  DEFAULT_NO_CUTS_PROMPT_DELAY,
  getOperatorMachineSelectionView,
  health,
  listMachineOrders,
  type MachineStatus,
  type MachineStatusView,
  type Order,
  releaseCurrentMachine,
  type Self,
  selectCurrentMachine,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { acceptMachineView, statusViewQuery, useMachineViewsLive } from '../../features/machines';
import { getSelf, sessionKeys, useIsSignedIn, useSelf } from '../../features/session';
import { api, tokenStore } from '../../lib/api';
import { useLiveConnection } from '../../lib/live';
import { keep, kept, sessionOf } from './kept';
import {
  createOutbox,
  type OrderRejects,
  type Outbox,
  type QueuedInput,
  useOutboxState,
} from './offline-queue';
import { withPendingInputs } from './pending-inputs';

const operatorKeys = {
  all: ['operator'] as const,
  selection: () => [...operatorKeys.all, 'selection'] as const,
  orders: (machineId: string) => [...operatorKeys.all, 'orders', machineId] as const,
};

/** The machine this terminal worked at last, for a reload while the server cannot be reached. */
const LAST_MACHINE_KEY = 'kerf.operator.machine';
export const lastMachine = {
  get: () => window.localStorage.getItem(LAST_MACHINE_KEY),
  set: (id: string | null) =>
    id ? window.localStorage.setItem(LAST_MACHINE_KEY, id) : window.localStorage.removeItem(LAST_MACHINE_KEY),
};

/**
 * The signed-in operator as last received in this session, for a reload or a new tab while the
 * server cannot be reached (ADR 0024): it seeds the session's cache as out of date (read again at
 * once), and only for the session it was received in. Used before the area's gate, which otherwise
 * had no user to let through.
 */
export function useKeptSelf() {
  const isSignedIn = useIsSignedIn();
  const sid = sessionOf(tokenStore.get()?.bearerToken);
  const self = useQuery({
    queryKey: sessionKeys.self(),
    queryFn: ({ signal }) => getSelf(signal),
    enabled: isSignedIn,
    initialData: () => {
      const saved = kept<{ sid: string; self: Self }>('self');
      return sid && saved?.sid === sid ? saved.self : undefined;
    },
    initialDataUpdatedAt: 0,
  });
  useEffect(() => {
    if (self.data && sid) keep('self', { sid, self: self.data });
  }, [self.data, sid]);
}

const PING_OFFLINE_MS = 3000;
const PING_ONLINE_MS = 15000;

const OutboxContext = createContext<Outbox | null>(null);

/** The terminal's outbox for the signed-in operator, and a heartbeat that tells when the server is back. */
export function TerminalProvider({ children }: { children: ReactNode }) {
  const self = useSelf();
  const userId = self.data?.id;
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one outbox per user
  const outbox = useMemo(() => {
    if (!userId) return null;
    const box = createOutbox(userId, {
      // the status PUT answers with the machine's view: it replaces the cached one like any other view
      onAnswer: (_item, view) => void acceptMachineView(queryClient, view),
      // Once everything is sent, the server's order list replaces the one shown meanwhile. Order
      // inputs answer with the order, not the machine's view: the view with the new current order
      // comes with the machine's MACHINE_STATUS event (or the next read while the socket is down).
      onSent: (item) => {
        if (box.getState().items.length > 0) return;
        void queryClient.invalidateQueries({ queryKey: operatorKeys.orders(item.machineId) });
      },
    });
    return box;
  }, [userId]);
  useEffect(() => {
    if (!outbox) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ping = async () => {
      try {
        await api(health);
        outbox.markOnline();
      } catch {
        outbox.markOffline();
      }
      if (!stopped) timer = setTimeout(ping, outbox.getState().offline ? PING_OFFLINE_MS : PING_ONLINE_MS);
    };
    void outbox.flush();
    timer = setTimeout(ping, PING_OFFLINE_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      outbox.dispose();
    };
  }, [outbox]);
  if (!outbox) return null;
  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}

export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox outside TerminalProvider');
  return outbox;
}

export function useTerminalState() {
  return useOutboxState(useOutbox());
}

export function useSelectionView() {
  return useQuery({
    queryKey: operatorKeys.selection(),
    queryFn: ({ signal }) => api(getOperatorMachineSelectionView, { signal }),
  });
}

/**
 * Minutes RUNNING without a cut before the terminal asks why: the printing-shop admin's setting for
 * this machine (config option NO_CUTS_PROMPT_DELAY, delivered with the selection view). The last
 * delivered value is kept on the terminal, so a reload while the server cannot be reached keeps it.
 */
const NO_CUTS_PROMPT_KEY = 'kerf.operator.noCutsPromptDelay';
export function useNoCutsPromptDelay(machineId: string): number {
  const selection = useSelectionView();
  const delivered = selection.data?.find((machine) => machine.machineId === machineId)?.noCutsPromptDelay;
  useEffect(() => {
    if (delivered) window.localStorage.setItem(NO_CUTS_PROMPT_KEY, String(delivered));
  }, [delivered]);
  if (delivered) return delivered;
  const kept = Number(window.localStorage.getItem(NO_CUTS_PROMPT_KEY));
  return Number.isInteger(kept) && kept > 0 ? kept : DEFAULT_NO_CUTS_PROMPT_DELAY;
}

export function useSelectMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (machineId: string) => api(selectCurrentMachine, { body: { machineId } }),
    onSuccess: (machine) => {
      lastMachine.set(machine.machineId);
      void queryClient.invalidateQueries({ queryKey: operatorKeys.selection() });
    },
  });
}

export function useReleaseMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (machineId: string) => api(releaseCurrentMachine, { params: { id: machineId } }),
    onSuccess: () => {
      lastMachine.set(null);
      void queryClient.invalidateQueries({ queryKey: operatorKeys.selection() });
    },
  });
}

/** The machine's orders; the last list is kept for a reload while offline (read again at once). */
export function useMachineOrders(machineId: string) {
  const orders = useQuery({
    queryKey: operatorKeys.orders(machineId),
    queryFn: ({ signal }) => api(listMachineOrders, { params: { id: machineId }, query: {}, signal }),
    initialData: () => kept<Order[]>(`orders.${machineId}`),
    initialDataUpdatedAt: 0,
  });
  useEffect(() => {
    if (orders.data) keep(`orders.${machineId}`, orders.data);
  }, [orders.data, machineId]);
  return orders;
}

/**
 * The terminal's machine as the server's view shows it (read once, then replaced by every live
 * event and by the status PUT's answer; read again every 30 s while the socket is down), with the
 * operator's inputs still in the outbox laid over it, so that an input shows at once, also offline
 * (`withPendingInputs`).
 */
export function useTerminalView(machineId: string) {
  const view = useQuery({
    // read again, slowly, only while the live socket is down
    ...statusViewQuery(machineId, { live: useLiveConnection() === 'open' }),
    // the last view received, for a reload while offline: out of date at once, so read again
    initialData: () => kept<MachineStatusView>(`view.${machineId}`),
    initialDataUpdatedAt: 0,
  });
  useMachineViewsLive([machineId]);
  useEffect(() => {
    if (view.data) keep(`view.${machineId}`, view.data);
  }, [view.data, machineId]);
  const { items } = useTerminalState();
  const data = useMemo(() => view.data && withPendingInputs(view.data, items), [view.data, items]);
  /** when the server built the view shown (ms), for the offline banner: how old it is */
  const asOf = view.data ? Date.parse(view.data.asOf) : null;
  return { data, asOf, error: view.error, isPending: view.isPending };
}

/**
 * The operator's inputs: each goes into the outbox and shows at once on the terminal (the machine's
 * status and current order through `useTerminalView`, the order list here), whether or not the
 * server can be reached right now.
 */
export function useTerminalInputs(machineId: string) {
  const outbox = useOutbox();
  const queryClient = useQueryClient();
  const orders = (change: (orders: Order[]) => Order[]) =>
    queryClient.setQueryData<Order[]>(operatorKeys.orders(machineId), (before) => change(before ?? []));
  const add = (input: QueuedInput) => outbox.add(input);
  const ended = (orderId: string, state: 'CLOSED' | 'CANCELLED') => {
    const endDate = new Date().toISOString();
    orders((list) => list.map((order) => (order.id === orderId ? { ...order, state, endDate } : order)));
  };

  return {
    setStatus(status: MachineStatus) {
      add({ kind: 'status', machineId, status });
    },
    createOrder(fields: { name: string; orderNumber: string | null; programNumber: string | null }) {
      const orderId = crypto.randomUUID();
      const item = add({ kind: 'createOrder', machineId, orderId, ...fields });
      const order: Order = {
        id: orderId,
        machineId,
        ...fields,
        state: 'OPEN',
        parentJobId: null,
        startDate: item.at,
        endDate: null,
        cuts: 0,
        processingSeconds: 0,
        downtimeSeconds: 0,
        supportSeconds: 0,
        createdBy: null,
        externalOrderNumber: null,
        plannedQuantity: null,
        dueDate: null,
        startupRejects: null,
        productionRejects: null,
      };
      orders((list) => [order, ...list]);
    },
    updateOrder(
      orderId: string,
      fields: { name: string; orderNumber: string | null; programNumber: string | null },
    ) {
      add({ kind: 'updateOrder', machineId, orderId, ...fields });
      orders((list) => list.map((order) => (order.id === orderId ? { ...order, ...fields } : order)));
    },
    /** A planned order (imported from the ERP) starts on this machine and becomes its open order. */
    startOrder(order: Order) {
      const item = add({
        kind: 'startOrder',
        machineId,
        orderId: order.id,
        name: order.name,
        orderNumber: order.orderNumber,
        programNumber: order.programNumber,
      });
      orders((list) =>
        list.map((o) => (o.id === order.id ? { ...o, state: 'OPEN', startDate: item.at } : o)),
      );
    },
    /** Closes the order, with the rejected cuts the operator counted (issue 36), or without: not recorded. */
    closeOrder(order: Pick<Order, 'id' | 'name'>, rejects?: OrderRejects) {
      add({
        kind: 'closeOrder',
        machineId,
        orderId: order.id,
        name: order.name,
        ...(rejects ? { rejects } : {}),
      });
      ended(order.id, 'CLOSED');
      if (rejects)
        orders((list) =>
          list.map((o) =>
            o.id === order.id
              ? { ...o, startupRejects: rejects.startup, productionRejects: rejects.production }
              : o,
          ),
        );
    },
    deleteOrder(order: Pick<Order, 'id' | 'name'>) {
      add({ kind: 'deleteOrder', machineId, orderId: order.id, name: order.name });
      ended(order.id, 'CANCELLED');
    },
  };
}
