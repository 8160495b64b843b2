import type { Tx } from '../../db/transactions';
import { insertBoardLink } from './board.repository';
import { newBoardSecret } from './board-links.service';

/**
 * Demo: the first location of the demo printing shop gets one board link, so the admin finds one in
 * its list. Its secret is thrown away here — never logged, never shown: it cannot be shown again,
 * as for any link; the admin creates a new one to open a board.
 */
export async function seedDemoBoardLinks(tx: Tx, tenantId: string, locationId: string): Promise<void> {
  const { hash } = newBoardSecret(tenantId);
  await insertBoardLink(tx, {
    tenantId,
    locationId,
    name: 'Halle 1 – Wandbildschirm',
    secretHash: hash,
    createdBy: null,
  });
}
