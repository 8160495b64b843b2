import { type LoginRequest, ROLE_AREAS } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../lib/i18n';
import { localeOf } from '../../../lib/i18n/locales';
import { sessionKeys } from '../api/keys';
import { getSelf, login } from '../api/session';

/** The operator terminal's area: a login that returns there signs in as a terminal (contracts CLIENT_TYPES). */
const TERMINAL_AREA = `/${ROLE_AREAS.PRINTING_SHOP_OPERATOR}`;

/**
 * Signs in, loads the user, takes over the language saved in the account (if the user has chosen one;
 * otherwise the login page's language stays, and is not written to the account) and opens the user's
 * area (or the page inside it that sent them to the login).
 */
export function useLogin(returnTo?: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { adoptLocale } = useLocale();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const isTerminal = returnTo === TERMINAL_AREA || returnTo?.startsWith(`${TERMINAL_AREA}/`);
      await login(credentials, isTerminal ? 'OPERATOR_TERMINAL' : 'WEB');
      queryClient.removeQueries();
      return queryClient.fetchQuery({
        queryKey: sessionKeys.self(),
        queryFn: ({ signal }) => getSelf(signal),
      });
    },
    onSuccess: async (self) => {
      if (self.language) await adoptLocale(localeOf(self.language));
      const home = `/${ROLE_AREAS[self.role]}`;
      const target = returnTo && (returnTo === home || returnTo.startsWith(`${home}/`)) ? returnTo : home;
      await navigate(target, { replace: true });
    },
  });
}
