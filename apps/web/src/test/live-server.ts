import type { LiveEventType } from '@kerf/contracts';
import { createLiveClient, type LiveClient } from '../lib/live';

/**
 * The live socket's side of the protocol in memory (product.md §7 "Live events"), for screen tests: it
 * accepts subscriptions with a token, answers SUBSCRIBED, delivers what a test publishes to the
 * subscribers of that type and machine, replays the last published event of a type and machine to
 * a subscription that asks for it (as the server replays a machine's view), and can drop the
 * connection like a network outage.
 */
export function createFakeLiveServer(options: { autoOpen?: boolean } = {}) {
  const autoOpen = options.autoOpen ?? true;
  const sockets = new Set<FakeSocket>();
  let accepting = autoOpen;
  /** the last event published per type/resource, for `replayLastEvent` */
  const last = new Map<string, unknown>();

  class FakeSocket {
    readyState: 0 | 1 | 2 | 3 = 0;
    subscriptions = new Set<string>();
    onopen: ((event: Event) => void) | null = null;
    onclose: ((event: CloseEvent) => void) | null = null;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    constructor() {
      sockets.add(this);
      setTimeout(() => {
        if (accepting) this.open();
        else this.close();
      }, 0);
    }
    open() {
      this.readyState = 1;
      this.onopen?.({} as Event);
    }
    send(raw: string) {
      const message = JSON.parse(raw) as {
        action: string;
        token?: string;
        type: string;
        resource: string;
        replayLastEvent?: boolean;
      };
      const key = `${message.type}/${message.resource}`;
      if (message.action === 'UNSUBSCRIBE') {
        this.subscriptions.delete(key);
        return;
      }
      if (!message.token) return;
      this.subscriptions.add(key);
      this.deliver({ kind: 'SUBSCRIBED', type: message.type, resource: message.resource });
      if (message.replayLastEvent && last.has(key)) {
        const data = last.get(key);
        const { type, resource } = message;
        // after this frame, as over a network: the client registers its listener once it has sent it
        setTimeout(() => {
          if (this.readyState === 1 && this.subscriptions.has(key))
            this.deliver({ kind: 'EVENT', type, resource, data, publishedAt: Date.now(), replay: true });
        }, 0);
      }
    }
    deliver(message: unknown) {
      this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
    }
    close() {
      if (this.readyState === 3) return;
      this.readyState = 3;
      sockets.delete(this);
      this.onclose?.({} as CloseEvent);
    }
  }

  const client: LiveClient = createLiveClient({
    session: {
      getToken: () => window.localStorage.getItem('bearerToken'),
      refresh: async () => true,
      logout: () => client.close(),
    },
    url: 'ws://test/api/live',
    createSocket: () => new FakeSocket(),
    retryDelayMs: 20,
  });

  return {
    client,
    /** Publishes an event to every subscriber of this type and machine (and keeps it for replays). */
    publish(type: LiveEventType, resource: string, data: unknown) {
      last.set(`${type}/${resource}`, data);
      for (const socket of sockets) {
        if (socket.subscriptions.has(`${type}/${resource}`))
          socket.deliver({ kind: 'EVENT', type, resource, data, publishedAt: Date.now() });
      }
    },
    /** The type/machine pairs subscribed now. */
    subscriptions: () => [...sockets].flatMap((socket) => [...socket.subscriptions]),
    /** Drops every connection and refuses new ones until `restore()` (a network outage). */
    drop() {
      accepting = false;
      for (const socket of [...sockets]) socket.close();
    },
    restore() {
      accepting = true;
    },
  };
}
export type FakeLiveServer = ReturnType<typeof createFakeLiveServer>;
