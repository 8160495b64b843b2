import { type LiveEventData, type LiveEventType, parseLiveEventData } from '@kerf/contracts';
import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { browserLiveClient } from './browser-client';
import type { LiveClient, LiveConnectionState, LiveEvent } from './live-client';
import { LiveClientContext } from './live-context';

function useLiveClient(): LiveClient {
  return useContext(LiveClientContext) ?? browserLiveClient();
}

/** The socket's state, for the "live" dot and the not-connected banner (docs/design.md "Live data"). */
export function useLiveConnection(): LiveConnectionState {
  const client = useLiveClient();
  return useSyncExternalStore(client.onStateChange, client.state, client.state);
}

/**
 * Subscribes to one event type for each of the given machines while the component is mounted and
 * hands every event's data, checked against its contract schema, to `onEvent` — typically to
 * update the TanStack Query cache. `replayLastEvent` (default on) delivers each machine's last
 * event at once, also after a reconnect, so the screen never waits for the next change.
 */
export function useLiveEvent<T extends LiveEventType>(
  type: T,
  machineIds: readonly string[],
  onEvent: (data: LiveEventData<T>, event: LiveEvent) => void,
  options: { replayLastEvent?: boolean; enabled?: boolean } = {},
) {
  const client = useLiveClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const { replayLastEvent = true, enabled = true } = options;
  const ids = [...new Set(machineIds)].sort().join(',');

  useEffect(() => {
    if (!enabled || !ids) return;
    const stops = ids.split(',').map((machineId) =>
      client.subscribe(
        type,
        machineId,
        (event) => {
          const data = parseLiveEventData(type, event.data);
          if (data) handler.current(data, event);
        },
        { replayLastEvent },
      ),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, type, ids, replayLastEvent, enabled]);
}
