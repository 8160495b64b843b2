/** The auth module (spec §7 "Auth server"), mounted at /api/auth. */

export { registerAuthRoutes } from './auth.routes';
export { type AuthService, createAuthService } from './auth.service';
export { createLoginThrottle } from './login-throttle';
export { findTenantBySlug, insertTenant } from './tenants.repository';
export { createTenantsService } from './tenants.service';
export { createAccessTokens } from './tokens';
export { insertUser } from './users.repository';
export { createUsersService } from './users.service';
