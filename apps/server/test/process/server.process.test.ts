import { type AddressInfo, createServer } from 'node:net';
import type { TokenPair } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../harness';
import { startServerProcess } from '../server-process';

/**
 * The server as its own process (`npx tsx src/server.ts`): what it logs, how it stops, and how it
 * refuses to start beside another. Slow (a process start each); `npm run test:quick` leaves out
 * every `*.process.test.ts`.
 */
describe('the server process', () => {
  it('logs requests without tokens or passwords, and shuts down cleanly on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    // one line per request at debug (at info the log leaves requests out)
    const server = await startServerProcess({ LOG_LEVEL: 'debug' });
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const pair = (await (
        await post('/api/auth/auth/login', { tenant: 'demo', username: 'admin', password: DEMO_PASSWORD })
      ).json()) as TokenPair;
      expect(pair.bearerToken).toBeTruthy();
      await fetch(`${server.url}/api/auth/users/self`, {
        headers: { authorization: `Bearer ${pair.bearerToken}` },
      });
      await post('/api/auth/auth/login', { tenant: 'demo', username: 'admin', password: 'Wrong-Secret-99' });
      const renewed = (await (
        await post('/api/auth/auth/refresh', { refreshToken: pair.refreshToken })
      ).json()) as TokenPair;
      await fetch(`${server.url}/api/auth/auth/sessions/${renewed.refreshToken}`, { method: 'DELETE' });
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    const output = server.output();
    expect(output).toContain('/api/auth/auth/sessions/[redacted]');
    expect(output).toContain('auth.login_failed');
    expect(output).not.toContain(DEMO_PASSWORD);
    expect(output).not.toContain('Wrong-Secret-99');
    expect(output).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
    expect(output).not.toMatch(/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/);
  });

  describe('beside a running server', () => {
    // one running server for both refusals: a process start is the slow part of each
    let first: Awaited<ReturnType<typeof startServerProcess>>;
    beforeAll(async () => {
      first = await startServerProcess();
    }, 120_000);
    afterAll(() => first?.stop());

    it('refuses a second process on the same data directory', { timeout: 120_000 }, async () => {
      await expect(startServerProcess({ DATA_DIR: first.dataDir })).rejects.toThrow(
        /data directory .* is in use by process/,
      );
    });

    it('names the variable to change when its port is taken', { timeout: 120_000 }, async () => {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      try {
        const port = new URL(first.url).port;
        await expect(startServerProcess({ PORT: port })).rejects.toThrow(/set PORT to a free port/);
        const mqttPort = String((blocker.address() as AddressInfo).port);
        await expect(startServerProcess({ MQTT_PORT: mqttPort })).rejects.toThrow(
          /set MQTT_PORT to a free port/,
        );
      } finally {
        blocker.close();
      }
    });
  });
});
