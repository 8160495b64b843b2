import { afterEach, describe, expect, it, vi } from 'vitest';
import { machineView } from '../../test/machine-view';
import { jsonResponse } from '../../test/render';
import { createOutbox, type Outbox } from './offline-queue';

const MACHINE = '22222222-2222-4222-8222-222222222222';
const ORDER_ID = '44444444-4444-4444-8444-444444444444';
const USER = '33333333-3333-4333-8333-333333333333';

interface Sent {
  url: string;
  method: string;
  key: string | null;
  body: Record<string, unknown> | null;
}

function fakeServer() {
  const sent: Sent[] = [];
  let reachable = false;
  const fetch = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    if (!reachable) throw new TypeError('Failed to fetch');
    const headers = new Headers(init?.headers);
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      key: headers.get('idempotency-key'),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (String(input).endsWith('/close'))
      return jsonResponse(409, { code: 'service.printing-shops.ORDER_NOT_OPEN', message: 'x' });
    return jsonResponse(200, {});
  });
  return {
    sent,
    fetch,
    setReachable(value: boolean) {
      reachable = value;
    },
  };
}

let outbox: Outbox | undefined;
afterEach(() => {
  outbox?.dispose();
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('operator outbox', () => {
  it('keeps inputs while offline, survives a reload and sends them in order with their first key and time', async () => {
    window.localStorage.setItem('bearerToken', 'bearer-1');
    window.localStorage.setItem('refreshToken', 'refresh-1');
    const server = fakeServer();
    outbox = createOutbox(USER);
    const interruption = outbox.add(
      { kind: 'status', machineId: MACHINE, status: 'INTERRUPTION_PRINTING_MATERIAL_MISPRINT' },
      new Date('2026-03-02T10:00:00.000Z'),
    );
    const order = outbox.add(
      {
        kind: 'createOrder',
        machineId: MACHINE,
        orderId: ORDER_ID,
        name: 'Flyer A5',
        orderNumber: null,
        programNumber: null,
      },
      new Date('2026-03-02T10:01:00.000Z'),
    );
    await vi.waitFor(() => expect(outbox!.getState().offline).toBe(true));
    expect(outbox.getState().items.map((item) => item.key)).toEqual([interruption.key, order.key]);

    // a reload of the terminal: the inputs are still there
    outbox.dispose();
    outbox = createOutbox(USER);
    expect(outbox.getState().items).toHaveLength(2);

    server.setReachable(true);
    const close = outbox.add({ kind: 'closeOrder', machineId: MACHINE, orderId: ORDER_ID, name: 'Flyer A5' });
    outbox.add({ kind: 'status', machineId: MACHINE, status: 'RUNNING' });
    await vi.waitFor(() => expect(outbox!.getState().items).toHaveLength(0));
    expect(server.sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `PUT /api/printing-shop/cutting-machines/${MACHINE}/status`,
      'POST /api/printing-shop/orders',
      `PUT /api/printing-shop/orders/${ORDER_ID}/close`,
      `PUT /api/printing-shop/cutting-machines/${MACHINE}/status`,
    ]);
    expect(server.sent[0]).toMatchObject({
      key: interruption.key,
      body: { value: 'INTERRUPTION_PRINTING_MATERIAL_MISPRINT', at: interruption.at },
    });
    // every input carries the time it was made, the order inputs too: the order starts and ends then
    expect(interruption.at).toBe('2026-03-02T10:00:00.000Z');
    expect(server.sent[1]!.body).toMatchObject({ id: ORDER_ID, name: 'Flyer A5', at: order.at });
    expect(order.at).toBe('2026-03-02T10:01:00.000Z');
    expect(server.sent[2]!.body).toEqual({ at: close.at });
    // the refused close is kept to be shown, not lost; the input after it went out all the same
    expect(outbox.getState().refused).toMatchObject([
      { kind: 'closeOrder', code: 'service.printing-shops.ORDER_NOT_OPEN' },
    ]);
    expect(outbox.getState().offline).toBe(false);
  });

  it("hands the status PUT's answer over while the input is still queued, then lets it go", async () => {
    window.localStorage.setItem('bearerToken', 'bearer-1');
    window.localStorage.setItem('refreshToken', 'refresh-1');
    const answer = machineView(MACHINE, { revision: 8, status: 'BREAK', statusGroup: 'IDLE' });
    vi.spyOn(window, 'fetch').mockImplementation(async () => jsonResponse(200, answer));
    const seen: { answer: unknown; queued: number }[] = [];
    outbox = createOutbox(USER, {
      onAnswer: (_item, view) => seen.push({ answer: view, queued: outbox!.getState().items.length }),
    });
    outbox.add({ kind: 'status', machineId: MACHINE, status: 'BREAK' });
    await vi.waitFor(() => expect(outbox!.getState().items).toHaveLength(0));
    expect(seen).toEqual([{ answer, queued: 1 }]);
  });

  it('starts a planned order at the time the operator started it', async () => {
    window.localStorage.setItem('bearerToken', 'bearer-1');
    window.localStorage.setItem('refreshToken', 'refresh-1');
    const server = fakeServer();
    server.setReachable(true);
    outbox = createOutbox(USER);
    const start = outbox.add(
      { kind: 'startOrder', machineId: MACHINE, orderId: ORDER_ID, name: 'Plakat A1' },
      new Date('2026-03-02T09:30:00.000Z'),
    );
    await vi.waitFor(() => expect(outbox!.getState().items).toHaveLength(0));
    expect(server.sent).toEqual([
      {
        url: `/api/printing-shop/orders/${ORDER_ID}/start`,
        method: 'PUT',
        key: null,
        body: { at: '2026-03-02T09:30:00.000Z' },
      },
    ]);
    expect(start.at).toBe('2026-03-02T09:30:00.000Z');
  });

  it('stays offline when a read that left before the connection dropped answers after it', () => {
    outbox = createOutbox(USER);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(outbox.getState().offline).toBe(true);
    outbox.markOnline();
    expect(outbox.getState().offline).toBe(true);
    onLine.mockReturnValue(true);
    outbox.markOnline();
    expect(outbox.getState().offline).toBe(false);
    onLine.mockRestore();
  });
});
