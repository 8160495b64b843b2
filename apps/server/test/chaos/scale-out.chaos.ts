import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivatePostgres, REPO_ROOT, startMosquitto, startPrivatePostgres } from './chaos-support';

/**
 * scripts/scale-out.mjs --check, briefly (docs/operations/scale-out.md): two server processes
 * behind nginx, one PostgreSQL, one Mosquitto with a shared subscription; one instance killed -9
 * halfway. Private PostgreSQL and Mosquitto here, as in the rest of the chaos suite; the script's
 * defaults are the machine's own (5432, 1883).
 */
let postgres: PrivatePostgres;
let mosquitto: Awaited<ReturnType<typeof startMosquitto>>;
beforeAll(async () => {
  postgres = await startPrivatePostgres();
  mosquitto = await startMosquitto({ serverUser: 'unused', serverPassword: 'unused', anonymous: true });
});
afterAll(async () => {
  await mosquitto?.stop();
  postgres?.stop();
});

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** three consecutive free ports: nginx and the two instances */
async function freePortRange() {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await isFree(base)) && (await isFree(base + 1)) && (await isFree(base + 2))) return base;
  }
}

describe('scale-out: two instances behind nginx', () => {
  it('split the ingest, deliver live events on every instance, lose nothing when one is killed', {
    timeout: 600_000,
  }, async () => {
    const child = spawn(
      process.execPath,
      [
        'scripts/scale-out.mjs',
        '--check',
        '--instances',
        '2',
        '--machines',
        '10',
        '--cuts',
        '100',
        '--port',
        String(await freePortRange()),
        '--database-url',
        postgres.url(),
        '--mqtt-url',
        mosquitto.url,
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    for (const line of output.split('\n')) if (line.startsWith('SCALE-OUT')) console.log(line);
    expect(code, output).toBe(0);
    expect(output).toContain('lost 0, duplicated 0');
  });
});
