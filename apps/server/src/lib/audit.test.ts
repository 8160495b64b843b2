import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index';
import type { Tx } from '../db/transactions';
import { audit } from './audit';

/** A transaction that only keeps what is inserted (the record's columns are the point here). */
function recordingTx() {
  const inserted: { table: unknown; values: unknown }[] = [];
  const tx = {
    insert: (table: unknown) => ({
      values: async (values: unknown) => {
        inserted.push({ table, values });
      },
    }),
  } as unknown as Tx;
  return { tx, inserted };
}

describe('audit', () => {
  const actor = { tenantId: 't-1', userId: 'u-1', ip: '203.0.113.9' };

  it('records who did what to which target, from where, in the actor’s tenant', async () => {
    const { tx, inserted } = recordingTx();
    await audit(tx, actor, 'user.created', 'user', 'u-2', { role: 'OPERATOR' });
    expect(inserted).toEqual([
      {
        table: auditLog,
        values: {
          tenantId: 't-1',
          actorUserId: 'u-1',
          action: 'user.created',
          targetType: 'user',
          targetId: 'u-2',
          ip: '203.0.113.9',
          details: { role: 'OPERATOR' },
        },
      },
    ]);
  });

  it('stores no details as null', async () => {
    const { tx, inserted } = recordingTx();
    await audit(tx, actor, 'team.deleted', 'team', 'x');
    expect(inserted[0]!.values).toMatchObject({ details: null });
  });
});
