import {
  LIVE_PATH,
  LIVE_RETRY_DELAY_MS,
  type LiveEventType,
  type LiveServerMessage,
  LiveServerMessageSchema,
} from '@kerf/contracts';

/** What the live client needs of the session (the app passes its token store and refresh). */
interface LiveSession {
  /** the current access token, or null when signed out */
  getToken(): string | null;
  /**
   * refreshes the token pair (the HTTP client's single-flight refresh); resolves false when the
   * server refused, rejects when it could not decide (then the live client tries again later)
   */
  refresh(): Promise<boolean>;
  /** clears the session (called when a refresh after a 401 event fails) */
  logout(): void;
}

export interface LiveEvent {
  type: LiveEventType;
  resource: string;
  data: unknown;
  publishedAt: number;
  replay: boolean;
}

export type LiveListener = (event: LiveEvent) => void;

/** Whether the socket is open; `idle` while nothing is subscribed (and so nothing is missed). */
export type LiveConnectionState = 'idle' | 'connecting' | 'open';

interface Subscription {
  type: LiveEventType;
  resource: string;
  replayLastEvent: boolean;
  listeners: Set<LiveListener>;
}

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export interface LiveClientOptions {
  session: LiveSession;
  /** ws(s) URL of the socket; by default derived from the page's location */
  url?: string;
  /** injectable for tests */
  createSocket?: (url: string) => SocketLike;
  retryDelayMs?: number;
}

const OPEN = 1;

/**
 * The live event connection of product.md §4/§7: subscribe messages carry token, type, resource and
 * replayLastEvent; after a close it reconnects after 700 ms and sends every subscription again; on
 * a 401 event it refreshes the token once (logging out if that fails) and subscribes again.
 */
export function createLiveClient(options: LiveClientOptions) {
  const retryDelayMs = options.retryDelayMs ?? LIVE_RETRY_DELAY_MS;
  const url =
    options.url ??
    `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${LIVE_PATH}`;
  const createSocket = options.createSocket ?? ((target: string) => new WebSocket(target) as SocketLike);
  const subscriptions = new Map<string, Subscription>();
  let socket: SocketLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let refreshing: Promise<boolean> | null = null;
  let closed = false;
  let state: LiveConnectionState = 'idle';
  const stateListeners = new Set<(state: LiveConnectionState) => void>();

  function setState(next: LiveConnectionState) {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  }

  const keyOf = (type: LiveEventType, resource: string) => `${type}/${resource}`;

  function sendSubscribe(subscription: Subscription) {
    const token = options.session.getToken();
    if (!token || socket?.readyState !== OPEN) return;
    socket.send(
      JSON.stringify({
        action: 'SUBSCRIBE',
        token,
        type: subscription.type,
        resource: subscription.resource,
        replayLastEvent: subscription.replayLastEvent,
      }),
    );
  }

  async function onUnauthorized() {
    // One refresh (and one round of re-subscribing) for any number of 401 events arriving together.
    if (refreshing) return;
    refreshing = options.session.refresh();
    let ok: boolean;
    try {
      ok = await refreshing;
    } catch {
      // The server could not decide (network, overload): the session may still be valid. Try again.
      refreshing = null;
      if (!closed) retryTimer ??= setTimeout(retryUnauthorized, retryDelayMs);
      return;
    }
    refreshing = null;
    if (!ok) {
      options.session.logout();
      return;
    }
    for (const subscription of subscriptions.values()) sendSubscribe(subscription);
  }

  function retryUnauthorized() {
    retryTimer = null;
    if (socket) void onUnauthorized();
    else connect();
  }

  function onMessage(raw: unknown) {
    let message: LiveServerMessage;
    try {
      message = LiveServerMessageSchema.parse(JSON.parse(String(raw)));
    } catch {
      return;
    }
    if (message.kind === 'EVENT') {
      const subscription = subscriptions.get(keyOf(message.type, message.resource));
      const event: LiveEvent = {
        type: message.type,
        resource: message.resource,
        data: message.data,
        publishedAt: message.publishedAt,
        replay: message.replay ?? false,
      };
      for (const listener of subscription?.listeners ?? []) listener(event);
    } else if (message.kind === 'ERROR' && message.status === 401) {
      void onUnauthorized();
    }
  }

  function connect() {
    retryTimer = null;
    if (closed) return;
    const current = createSocket(url);
    socket = current;
    setState('connecting');
    current.onopen = () => {
      setState('open');
      for (const subscription of subscriptions.values()) sendSubscribe(subscription);
    };
    current.onmessage = (event) => onMessage(event.data);
    current.onerror = () => {};
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      if (!closed && subscriptions.size > 0) {
        setState('connecting');
        retryTimer = setTimeout(connect, retryDelayMs);
      } else setState('idle');
    };
  }

  return {
    /** Listens to one event type of one machine; returns the function that stops listening. */
    subscribe(
      type: LiveEventType,
      resource: string,
      listener: LiveListener,
      subscribeOptions: { replayLastEvent?: boolean } = {},
    ): () => void {
      closed = false;
      const key = keyOf(type, resource);
      let subscription = subscriptions.get(key);
      if (!subscription) {
        subscription = {
          type,
          resource,
          replayLastEvent: subscribeOptions.replayLastEvent ?? false,
          listeners: new Set(),
        };
        subscriptions.set(key, subscription);
        if (socket) sendSubscribe(subscription);
        else if (!retryTimer) connect();
      }
      subscription.listeners.add(listener);
      return () => {
        const current = subscriptions.get(key);
        if (!current) return;
        current.listeners.delete(listener);
        if (current.listeners.size > 0) return;
        subscriptions.delete(key);
        if (socket?.readyState === OPEN)
          socket.send(JSON.stringify({ action: 'UNSUBSCRIBE', type, resource }));
      };
    },
    /** Closes the connection for good (sign-out); a later subscribe opens a new one. */
    close() {
      closed = true;
      subscriptions.clear();
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const current = socket;
      socket = null;
      current?.close();
      setState('idle');
    },
    /** `open` while events can arrive; `connecting` while subscribed but (re)connecting. */
    state(): LiveConnectionState {
      return state;
    },
    /** Called on every change of `state()`; returns the function that stops listening. */
    onStateChange(listener: (state: LiveConnectionState) => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}
export type LiveClient = ReturnType<typeof createLiveClient>;
