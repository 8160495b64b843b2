import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient } from './live-client';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
}

const MACHINE = '3f0c6a53-54b5-4a44-9b43-0f1e5d2b7a11';

function setup(refreshOk = true) {
  let token = 'token-1';
  const session = {
    getToken: () => token,
    refresh: vi.fn(async () => {
      if (!refreshOk) return false;
      token = 'token-2';
      return true;
    }),
    logout: vi.fn(),
  };
  const client = createLiveClient({
    session,
    url: 'ws://test/api/live',
    createSocket: (url) => new FakeSocket(url) as never,
  });
  return { client, session };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('live client', () => {
  it('subscribes with token, type, resource and replayLastEvent, and hands events to the listener', () => {
    const { client } = setup();
    const events: unknown[] = [];
    client.subscribe('MACHINE_CUT', MACHINE, (event) => events.push(event.data), { replayLastEvent: true });
    const socket = FakeSocket.all[0]!;
    socket.open();
    expect(socket.sent).toEqual([
      {
        action: 'SUBSCRIBE',
        token: 'token-1',
        type: 'MACHINE_CUT',
        resource: MACHINE,
        replayLastEvent: true,
      },
    ]);
    socket.receive({
      kind: 'EVENT',
      type: 'MACHINE_CUT',
      resource: MACHINE,
      data: { totalCuts: 7 },
      publishedAt: 1,
    });
    expect(events).toEqual([{ totalCuts: 7 }]);
  });

  it('reconnects 700 ms after a close and sends its subscriptions again', () => {
    const { client } = setup();
    client.subscribe('MACHINE_STATUS', MACHINE, () => {});
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close();
    vi.advanceTimersByTime(699);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    expect(FakeSocket.all[1]!.sent).toMatchObject([{ type: 'MACHINE_STATUS', resource: MACHINE }]);
  });

  it('refreshes once on 401 events and subscribes again with the new token', async () => {
    const { client, session } = setup();
    client.subscribe('MACHINE_STATUS', MACHINE, () => {});
    client.subscribe('MACHINE_CUT', MACHINE, () => {});
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.receive({
      kind: 'ERROR',
      status: 401,
      code: 'authentication.TOKEN_EXPIRED',
      type: 'MACHINE_STATUS',
    });
    socket.receive({ kind: 'ERROR', status: 401, code: 'authentication.TOKEN_EXPIRED', type: 'MACHINE_CUT' });
    await vi.runAllTimersAsync();
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(socket.sent.slice(2).map((m) => m.token)).toEqual(['token-2', 'token-2']);
  });

  it('logs out when the refresh after a 401 event fails', async () => {
    const { client, session } = setup(false);
    client.subscribe('MACHINE_STATUS', MACHINE, () => {});
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.receive({ kind: 'ERROR', status: 401, code: 'authentication.SESSION_EXPIRED' });
    await vi.runAllTimersAsync();
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('unsubscribes when the last listener leaves, and stops reconnecting after close', () => {
    const { client } = setup();
    const stop = client.subscribe('MACHINE_CUT', MACHINE, () => {});
    FakeSocket.all[0]!.open();
    stop();
    expect(FakeSocket.all[0]!.sent.at(-1)).toEqual({
      action: 'UNSUBSCRIBE',
      type: 'MACHINE_CUT',
      resource: MACHINE,
    });
    client.close();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
