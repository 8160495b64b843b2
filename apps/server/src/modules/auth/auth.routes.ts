import {
  CLIENT_TYPE_HEADER,
  changeOwnPassword,
  createUser,
  deleteUser,
  getSelf,
  getUser,
  listRoles,
  listTenants,
  login,
  logout,
  refresh,
  updateSelfLanguage,
  updateUser,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { AuthService } from './auth.service';
import { deviceCookie, deviceCookieName, readCookie } from './device-tokens';
import type { TenantsService } from './tenants.service';
import type { UsersService } from './users.service';

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    auth: AuthService;
    users: UsersService;
    tenants: TenantsService;
    refreshRateLimit: { max: number; timeWindow: number };
  },
) {
  const { authenticator, auth, users, tenants } = deps;

  registerRoute(app, authenticator, login, async ({ body, headers, request, reply }) => {
    const cookie = deviceCookieName(body.tenant, body.username);
    const { deviceToken, ...pair } = await auth.login({
      ...body,
      clientType: headers[CLIENT_TYPE_HEADER] ?? 'WEB',
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      deviceToken: readCookie(request.headers.cookie, cookie),
    });
    if (deviceToken)
      reply.header('set-cookie', deviceCookie(cookie, deviceToken, request.protocol === 'https'));
    return pair;
  });
  registerRoute(
    app,
    authenticator,
    refresh,
    ({ body, request }) => auth.refresh(body.refreshToken, request.ip),
    {
      config: { rateLimit: deps.refreshRateLimit },
    },
  );
  registerRoute(app, authenticator, logout, ({ params, request }) =>
    auth.logout(params.refreshToken, request.ip),
  );
  registerRoute(app, authenticator, getSelf, ({ actor }) => users.getSelf(actor));
  registerRoute(app, authenticator, updateSelfLanguage, ({ actor, body }) =>
    users.setLanguage(actor, body.value),
  );
  registerRoute(app, authenticator, changeOwnPassword, ({ actor, body }) =>
    users.changeOwnPassword(actor, body),
  );
  registerRoute(app, authenticator, getUser, ({ actor, params }) => users.getUser(actor, params.id));
  registerRoute(app, authenticator, createUser, ({ actor, body }) => users.createUser(actor, body));
  registerRoute(app, authenticator, updateUser, ({ actor, params, body }) =>
    users.updateUser(actor, params.id, body),
  );
  registerRoute(app, authenticator, deleteUser, ({ actor, params }) => users.deleteUser(actor, params.id));
  registerRoute(app, authenticator, listRoles, async ({ actor, query }) =>
    users.listRoles(actor, query.assignable_only === 'true'),
  );
  registerRoute(app, authenticator, listTenants, ({ actor, query }) =>
    tenants.list(actor, query.page, query.page_size),
  );
}
