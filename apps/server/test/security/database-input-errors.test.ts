import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness';

/**
 * The safety net behind the contracts: when a value the database cannot take gets past a contract,
 * the client gets a 400 with a catalogue code (never a 500) and the log a warning about the gap.
 * The route below stands for such a gap: it hands its input to the database unchecked.
 */
let t: TestApp;
const warnings: unknown[] = [];

const CASTS = {
  text: (value: string) => sql`select ${value}::text as v`,
  int: (value: string) => sql`select ${value}::int as v`,
  smallint: (value: string) => sql`select ${value}::smallint as v`,
  uuid: (value: string) => sql`select ${value}::uuid as v`,
  date: (value: string) => sql`select ${value}::date as v`,
  varchar: (value: string) => sql`select ${value}::varchar(3) as v`,
  /** a query error that is the server's fault: the table does not exist */
  broken: (value: string) => sql`select ${value}::text as v from kerf_no_such_table`,
};

beforeAll(async () => {
  t = await startTestApp();
  t.app.post('/api/test/unchecked/:cast', async (request) => {
    const cast = (request.params as { cast: keyof typeof CASTS }).cast;
    const { value } = request.body as { value: string };
    await t.database.db.execute(CASTS[cast](value));
    return { ok: true };
  });
  t.app.addHook('onRequest', async (request) => {
    const warn = request.log.warn.bind(request.log);
    request.log.warn = ((object: unknown, ...rest: unknown[]) => {
      warnings.push(object);
      return (warn as (...args: unknown[]) => void)(object, ...rest);
    }) as typeof request.log.warn;
  });
  await t.app.ready();
});
afterAll(() => t?.close());

describe('database errors caused by input', () => {
  it.each([
    ['text', 'a\u0000b', '22021'],
    ['int', '99999999999', '22003'],
    ['smallint', '40000', '22003'],
    ['int', 'zwölf', '22P02'],
    ['uuid', 'not-a-uuid', '22P02'],
    ['date', '2026-13-45', '22008'],
    ['date', 'gestern', '22007'],
  ])(
    '%s ← %j answers 400 validation.INVALID_INPUT (SQLSTATE %s) and logs the gap',
    async (cast, value, state) => {
      warnings.length = 0;
      const response = await t.request({
        method: 'POST',
        url: `/api/test/unchecked/${cast}`,
        payload: { value },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.INVALID_INPUT' });
      expect(response.json().details.requestId).toBeTruthy();
      expect(warnings).toContainEqual(expect.objectContaining({ sqlState: state }));
    },
  );

  it('still answers 500 for a database error that is not the input’s fault', async () => {
    t.app.log.level = 'silent';
    const response = await t.request({
      method: 'POST',
      url: '/api/test/unchecked/broken',
      payload: { value: 'x' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('common.INTERNAL_ERROR');
  });
});
