import { createContext, type ReactNode, useContext } from 'react';
import type { LiveClient } from './live-client';

/** The live client screens use; kept apart from the event hooks so the public pages need no schemas. */
export const LiveClientContext = createContext<LiveClient | null>(null);

/** Hands screens a live client other than the browser's (tests, previews). */
export function LiveClientProvider({ client, children }: { client: LiveClient; children: ReactNode }) {
  return <LiveClientContext.Provider value={client}>{children}</LiveClientContext.Provider>;
}

/** The live client a provider hands down (tests, previews), or null where a screen makes its own. */
export function useProvidedLiveClient(): LiveClient | null {
  return useContext(LiveClientContext);
}
