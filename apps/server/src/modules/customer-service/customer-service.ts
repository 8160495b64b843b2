import { hasPermission } from '@kerf/contracts';
import type { Actor } from '../../lib/actor';

/* What customer service's services share (no SQL: that is in the repositories). */

export const DAY_MS = 86_400_000;

/** Whether the actor may see a connection's diagnostics. */
export const diagnosticsFor = (actor: Actor) => hasPermission(actor.role, 'machine-access:diagnostics');
