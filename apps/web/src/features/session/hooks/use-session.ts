import { ROLE_AREAS, type Self } from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { tokenStore } from '../../../lib/api';
import { sessionKeys } from '../api/keys';
import { getSelf } from '../api/session';

/** how often a signed-in page checks that its session still stands */
const SELF_CHECK_MS = 30_000;

const hasTokens = () => tokenStore.get() !== null;

/** True while tokens are stored (in this tab or, through storage events, another). */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, hasTokens, hasTokens);
}

export function useSelf() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    queryKey: sessionKeys.self(),
    queryFn: ({ signal }) => getSelf(signal),
    enabled: isSignedIn,
    staleTime: 5 * 60_000,
    // Read again every half minute while the page is in view: an account or tenant disabled by an
    // administrator ends the session within a minute even on a screen that makes no other request.
    refetchInterval: SELF_CHECK_MS,
  });
}

export function areaOf(self: Pick<Self, 'role'>): string {
  return ROLE_AREAS[self.role];
}

export function displayNameOf(self: Pick<Self, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${self.firstName} ${self.lastName}`.trim();
  return name || self.username;
}
