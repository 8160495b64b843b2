import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { serverOptions } from './server-options';

/** A Fastify instance with the server's own options, its log lines collected as parsed JSON. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const options = serverOptions(parseConfig({ LOG_LEVEL: level, LOG_FORMAT: 'json' }));
  const app = Fastify({ ...options, logger: { ...(options.logger as object), stream } });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/says', async (request) => {
    request.log.info({ step: 1 }, 'info line');
    request.log.warn({ step: 2 }, 'warn line');
    request.log.child({ part: 'inner' }).warn('child line');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('names the request id on every line a request writes, at the level configured', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const response = await app.inject({ url: '/says', headers: { 'x-request-id': 'request-0001' } });
    expect(response.headers['x-request-id']).toBeUndefined(); // set by the security headers plugin, not here
    expect(lines.map((line) => line.msg)).toEqual(['warn line', 'child line']);
    // the server's own id on every line, the client's beside it
    const ids = new Set(lines.map((line) => line.reqId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.every((line) => line.clientRequestId === 'request-0001')).toBe(true);
    expect(lines[0]).toMatchObject({ step: 2, level: 40 });
    expect(lines[1]).toMatchObject({ part: 'inner' });
    await app.close();
  });

  it('writes one line per request at debug, with its request id, and none at info', async () => {
    const debug = await appLoggingAt('debug');
    await debug.app.inject({ url: '/quiet', headers: { 'x-request-id': 'request-0002' } });
    const completed = debug.lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      clientRequestId: 'request-0002',
      req: { method: 'GET', url: '/quiet' },
    });
    expect(completed[0]?.reqId).not.toBe('request-0002');
    await debug.app.close();

    const info = await appLoggingAt('info');
    await info.app.inject({ url: '/quiet' });
    expect(info.lines.filter((line) => line.msg === 'request completed')).toEqual([]);
    const said = await info.app.inject({ url: '/says' });
    expect(said.statusCode).toBe(200);
    const own = info.lines.filter((line) => line.msg === 'info line');
    expect(own).toHaveLength(1);
    expect(typeof own[0]?.reqId).toBe('string');
    await info.app.close();
  });
});
