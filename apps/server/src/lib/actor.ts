import type { Role, TenantKind } from '@kerf/contracts';

/** The signed-in user a request acts for, as loaded from the database on every request. */
export interface Actor {
  tenantId: string;
  tenantKind: TenantKind;
  userId: string;
  sessionId: string;
  role: Role;
  ip: string;
}
