import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { tenantOf } from '../../../test/machine-helpers';
import { type AuditEntry, recordAudits } from '../../db/audit.repository';
import { queryRows } from '../../db/client';
import { SYSTEM_ACTOR } from '../../demo/index';
import { queueMail } from '../mail/index';
import { RETENTION_BATCH } from './index';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let tenantId: string;

beforeAll(async () => {
  // A limit of 7 days for audit entries, 20 for mail: both below the 30-day default.
  t = await startTestApp({
    AUDIT_RETENTION_DAYS: '7',
    MAIL_RETENTION_DAYS: '20',
    SESSION_RETENTION_DAYS: '10',
  });
  tenantId = tenantOf(await t.login('demo', 'admin'));
});
afterAll(async () => t?.close());

const platform = <T>(fn: Parameters<TestApp['app']['kerf']['transactions']['withPlatform']>[1]) =>
  t.app.kerf.transactions.withPlatform({ actor: SYSTEM_ACTOR, action: 'test.retention' }, fn) as Promise<T>;

describe('log retention job', () => {
  it('deletes audit entries, mails, login throttles and captchas older than their limits, in batches, and nothing younger', async () => {
    const now = Date.now();
    const old: AuditEntry[] = Array.from({ length: RETENTION_BATCH + 250 }, (_, i) => ({
      tenantId,
      actorUserId: null,
      action: 'test.old',
      details: { i },
      at: new Date(now - 8 * DAY - i * 1000),
    }));
    const young: AuditEntry[] = [6, 3, 1].map((days) => ({
      tenantId,
      actorUserId: null,
      action: 'test.young',
      at: new Date(now - days * DAY),
    }));
    await t.app.kerf.transactions.withTenant(tenantId, (tx) => recordAudits(tx, [...old, ...young]));

    await platform(async (tx) => {
      for (const [subject, days, sent] of [
        ['old sent', 25, true],
        ['old pending', 25, false],
        ['young sent', 10, true],
      ] as const) {
        await queueMail(tx, {
          kind: 'test',
          recipient: 'someone@example.com',
          subject,
          body: subject,
          createdAt: new Date(now - days * DAY),
        });
        if (sent) await tx.execute(sql`UPDATE mail_outbox SET sent_at = now() WHERE subject = ${subject}`);
      }
    });
    await t.app.kerf.transactions.withSignIn(async (tx) => {
      await tx.execute(sql`INSERT INTO login_throttle (key, failures, last_failure_at) VALUES
        ('test:old', 3, ${new Date(now - 8 * DAY).toISOString()}),
        ('test:young', 3, ${new Date(now - 2 * DAY).toISOString()})`);
      await tx.execute(sql`INSERT INTO spent_captchas (signature, expires_at) VALUES
        ('test-expired', ${new Date(now - 60_000).toISOString()}),
        ('test-live', ${new Date(now + 60_000).toISOString()})`);
    });

    const status = await t.app.kerf.scheduler.runNow('log-retention');
    expect(status.outcome).toBe('succeeded');
    expect(status.lastMessage).toMatch(
      /^deleted \d+ audit entries, 1 mails, 1 login throttles, 1 captchas, \d+ sessions$/,
    );

    const audit = await platform<{ action: string; n: number }[]>((tx) =>
      queryRows(
        tx,
        sql`SELECT action, count(*)::int AS n FROM audit_log WHERE action IN ('test.old', 'test.young') GROUP BY action`,
      ),
    );
    expect(audit).toEqual([{ action: 'test.young', n: 3 }]);
    // Nothing anywhere in the log is older than the limit any more.
    const [oldest] = await platform<{ n: number }[]>((tx) =>
      queryRows(
        tx,
        sql`SELECT count(*)::int AS n FROM audit_log WHERE at < ${new Date(now - 7 * DAY).toISOString()}`,
      ),
    );
    expect(oldest!.n).toBe(0);

    const mails = await platform<{ subject: string }[]>((tx) =>
      queryRows(tx, sql`SELECT subject FROM mail_outbox WHERE kind = 'test' ORDER BY subject`),
    );
    // Undelivered mail is kept whatever its age: the system admin still has to see it.
    expect(mails.map((mail) => mail.subject)).toEqual(['old pending', 'young sent']);
    const throttles = await t.app.kerf.transactions.withSignIn((tx) =>
      queryRows<{ key: string }>(tx, sql`SELECT key FROM login_throttle WHERE key LIKE 'test:%'`),
    );
    expect(throttles.map((row) => row.key)).toEqual(['test:young']);
    const captchas = await t.app.kerf.transactions.withSignIn((tx) =>
      queryRows<{ signature: string }>(
        tx,
        sql`SELECT signature FROM spent_captchas WHERE signature LIKE 'test-%'`,
      ),
    );
    expect(captchas.map((row) => row.signature)).toEqual(['test-live']);
  });

  it('deletes sessions (and their refresh tokens) that ended longer ago than the limit, and nothing younger', async () => {
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY).toISOString();
    const [admin] = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE username = 'admin'`),
    );
    // name → [expires, revoked]: ended 11 days ago (expired, revoked) must go; 9 days ago, live, or
    // revoked 9 days ago with a later expiry must stay.
    const cases: [string, string, string | null][] = [
      ['expired-11', ago(11), null],
      ['revoked-11', ago(-1), ago(11)],
      ['expired-9', ago(9), null],
      ['revoked-9', ago(-1), ago(9)],
      ['live', ago(-1), null],
    ];
    const ids = new Map<string, string>();
    await t.app.kerf.transactions.withTenant(tenantId, async (tx) => {
      for (const [name, expires, revoked] of cases) {
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO sessions (tenant_id, user_id, client_type, user_agent, created_at, expires_at, revoked_at)
              VALUES (${tenantId}, ${admin!.id}, 'web', ${`retention-test ${name}`}, ${ago(12)}, ${expires}, ${revoked})
              RETURNING id`,
        );
        ids.set(name, row!.id);
        await tx.execute(sql`INSERT INTO refresh_tokens (tenant_id, token_hash, session_id, idle_expires_at)
          VALUES (${tenantId}, ${`retention-test-${name}`}, ${row!.id}, ${expires})`);
      }
    });

    const status = await t.app.kerf.scheduler.runNow('log-retention');
    expect(status.outcome).toBe('succeeded');
    expect(status.lastMessage).toMatch(/, 2 sessions$/);

    const left = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ agent: string; tokens: number }>(
        tx,
        sql`SELECT s.user_agent AS agent, (SELECT count(*)::int FROM refresh_tokens r WHERE r.session_id = s.id) AS tokens
            FROM sessions s WHERE s.user_agent LIKE 'retention-test %' ORDER BY s.user_agent`,
      ),
    );
    expect(left).toEqual([
      { agent: 'retention-test expired-9', tokens: 1 },
      { agent: 'retention-test live', tokens: 1 },
      { agent: 'retention-test revoked-9', tokens: 1 },
    ]);
    const tokens = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash IN ('retention-test-expired-11', 'retention-test-revoked-11')`,
      ),
    );
    expect(tokens[0]!.n).toBe(0);
  });

  it('cannot delete a session that ended less than a day ago, even through the platform role', async () => {
    const [admin] = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE username = 'admin'`),
    );
    const [fresh] = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO sessions (tenant_id, user_id, client_type, user_agent, expires_at)
            VALUES (${tenantId}, ${admin!.id}, 'web', 'retention-test fresh', ${new Date(Date.now() - 60_000).toISOString()})
            RETURNING id`,
      ),
    );
    const deleted = await platform<{ id: string }[]>((tx) =>
      queryRows(tx, sql`DELETE FROM sessions WHERE id = ${fresh!.id} RETURNING id`),
    );
    expect(deleted).toEqual([]);
  });

  it('cannot delete an audit entry younger than a day, even through the platform role', async () => {
    await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      recordAudits(tx, [
        { tenantId, actorUserId: null, action: 'test.fresh', at: new Date(Date.now() - 60_000) },
      ]),
    );
    const deleted = await platform<{ id: number }[]>((tx) =>
      queryRows(tx, sql`DELETE FROM audit_log WHERE action = 'test.fresh' RETURNING id`),
    );
    expect(deleted).toEqual([]);
  });
});
