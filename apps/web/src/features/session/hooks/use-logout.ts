import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../api/session';

/**
 * Deletes the server session, forgets every cached answer and shows the login; `returnTo` is where
 * the next login goes back to (the operator terminal signs in as a terminal again).
 */
export function useLogout(returnTo?: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The tokens are gone locally; an unreachable server only delays the session's expiry.
    }
    queryClient.clear();
    await navigate('/login', { replace: true, ...(returnTo ? { state: { returnTo } } : {}) });
  }, [queryClient, navigate, returnTo]);
}
