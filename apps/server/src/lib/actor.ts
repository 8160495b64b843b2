import type { ApiScope, Role, TenantKind } from '@kerf/contracts';

/** The signed-in user a request acts for, as loaded from the database on every request. */
export interface Actor {
  tenantId: string;
  tenantKind: TenantKind;
  userId: string;
  sessionId: string;
  role: Role;
  ip: string;
  /**
   * Set when an integration client called with an API key (ADR 0020): the key acts for the admin who
   * created it, and only on routes whose contract names one of its scopes.
   */
  apiKey?: { id: string; scopes: readonly ApiScope[] };
}
