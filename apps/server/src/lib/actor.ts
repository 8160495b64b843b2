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
  /**
   * Set when a shop-floor board called with its link's secret (issue 36): it may read its own
   * location's board and nothing else — `registerRoute` admits it only where the contract's access is
   * `board:view`, the live gateway only to that location's machine views. `userId` and `sessionId`
   * are then the link's id.
   */
  board?: { linkId: string; locationId: string };
}
