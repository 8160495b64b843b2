import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { DatabaseHandle } from '../db/client';
import { createScheduler } from './scheduler';

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('background job scheduler', () => {
  it('runs a job on demand and keeps its outcome, message and failures', async () => {
    const scheduler = createScheduler({ database, log, timers: false });
    let fail = false;
    scheduler.register({
      name: 'count',
      everyMs: 60_000,
      async run() {
        if (fail) throw new Error('broken on purpose');
        return 'did one thing';
      },
    });
    const first = await scheduler.runNow('count');
    expect(first).toMatchObject({ outcome: 'succeeded', lastMessage: 'did one thing', runs: 1, failures: 0 });
    fail = true;
    const second = await scheduler.runNow('count');
    expect(second).toMatchObject({
      outcome: 'failed',
      lastMessage: 'broken on purpose',
      runs: 1,
      failures: 1,
    });
    expect(scheduler.list().map((job) => job.name)).toEqual(['count']);
    expect(() => scheduler.register({ name: 'count', everyMs: 1, run: async () => {} })).toThrow(/twice/);
    await scheduler.stop();
  });

  it('runs a job on a timer after start and stops cleanly', async () => {
    const scheduler = createScheduler({ database, log });
    let runs = 0;
    scheduler.register({
      name: 'tick',
      everyMs: 20,
      firstRunAfterMs: 1,
      async run() {
        runs += 1;
      },
    });
    scheduler.start();
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await scheduler.stop();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(after);
  });

  it('runs a job on one instance at a time (PostgreSQL advisory lock)', async () => {
    const one = createScheduler({ database, log, timers: false });
    const two = createScheduler({ database, log, timers: false });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    let most = 0;
    const job = {
      name: 'exclusive',
      everyMs: 60_000,
      async run() {
        running += 1;
        most = Math.max(most, running);
        await gate;
        running -= 1;
      },
    };
    one.register(job);
    two.register(job);
    const first = one.runNow('exclusive');
    await expect.poll(() => running).toBe(1);
    const second = two.runNow('exclusive');
    if (database.kind === 'postgres') {
      expect((await second).outcome).toBe('skipped');
      release();
      expect((await first).outcome).toBe('succeeded');
      expect(most).toBe(1);
    } else {
      // PGlite: one process owns the data directory, so there is no second instance to exclude
      release();
      expect((await first).outcome).toBe('succeeded');
      expect((await second).outcome).toBe('succeeded');
    }
    await Promise.all([one.stop(), two.stop()]);
  });
});
