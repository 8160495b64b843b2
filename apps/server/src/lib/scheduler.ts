import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import { runAs } from './budget';

/**
 * Background jobs (retention, scheduled report e-mails, webhook deliveries, ...): one scheduler per
 * server process, one list of jobs. On PostgreSQL each run of a job happens on one instance at a
 * time: the run holds a session advisory lock named after the job on one pooled connection (the
 * job's own transactions use the others), and an instance that finds the lock taken skips that
 * tick. PGlite needs no lock: one process owns its data directory (db/client.ts). A job must therefore be idempotent per tick: it records what it did (sent mails,
 * delivered webhooks) in its own tables, so a run cut short by a crash is redone, not doubled.
 *
 * The scheduler keeps each job's last outcome in memory for the system admin's background-jobs view
 * (this instance's view; the jobs' own tables hold the lasting record).
 */
interface JobContext {
  /** aborted when the server closes; long jobs stop at the next batch */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobDefinition {
  /** stable, unique, kebab-case: `audit-retention`, `report-mails` */
  name: string;
  /** time between the end of one run and the start of the next */
  everyMs: number;
  /** first run this long after start (default: everyMs) */
  firstRunAfterMs?: number;
  /** what the run did, for the jobs view ("deleted 120 rows") */
  run(context: JobContext): Promise<string | undefined> | Promise<void>;
}

type JobOutcome = 'never' | 'running' | 'succeeded' | 'failed' | 'skipped';

export interface JobStatus {
  name: string;
  everyMs: number;
  outcome: JobOutcome;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastDurationMs: number | null;
  /** the run's summary, or the error message of a failed run */
  lastMessage: string | null;
  nextRunAt: Date | null;
  runs: number;
  failures: number;
}

export interface Scheduler {
  register(job: JobDefinition): void;
  list(): JobStatus[];
  /** runs a job now (system admin's "run now", tests); resolves with its status afterwards */
  runNow(name: string): Promise<JobStatus>;
  /** starts the timers (after listen); registering later starts that job's timer at once */
  start(): void;
  stop(): Promise<void>;
}

interface Entry {
  job: JobDefinition;
  status: JobStatus;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
}

export interface SchedulerOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** `false` in tests that drive jobs with runNow only */
  timers?: boolean;
}

type Held<T> = { skipped: true } | { skipped: false; value: T };

/** runs fn while this process holds the job's advisory lock; skipped when another one holds it */
function lockFor(database: DatabaseHandle): <T>(name: string, fn: () => Promise<T>) => Promise<Held<T>> {
  const pool = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind !== 'postgres' || !(pool instanceof pg.Pool)) {
    return async (_name, fn) => ({ skipped: false, value: await fn() });
  }
  return async (name, fn) => {
    const client = await pool.connect();
    const key = `kerf.job.${name}`;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [key],
      );
      if (!rows[0]?.locked) return { skipped: true };
      try {
        return { skipped: false, value: await fn() };
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      }
    } finally {
      client.release();
    }
  };
}

export function createScheduler({ database, log, timers = true }: SchedulerOptions): Scheduler {
  const withLock = lockFor(database);
  const entries = new Map<string, Entry>();
  const controller = new AbortController();
  let started = false;

  const schedule = (entry: Entry, delayMs: number) => {
    if (!timers || !started || controller.signal.aborted) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.status.nextRunAt = new Date(Date.now() + delayMs);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void execute(entry).finally(() => schedule(entry, entry.job.everyMs));
    }, delayMs);
    entry.timer.unref();
  };

  /** one run under the job's advisory lock; `skipped` when another instance holds it */
  const execute = (entry: Entry): Promise<void> => {
    if (entry.running) return entry.running;
    const { status, job } = entry;
    const startedAt = Date.now();
    status.outcome = 'running';
    status.lastStartedAt = new Date(startedAt);
    status.nextRunAt = null;
    const jobLog = log.child({ job: job.name });
    entry.running = withLock(
      job.name,
      // background work runs on the longer statement budget (lib/budget.ts)
      async (): Promise<unknown> => runAs('heavy', () => job.run({ signal: controller.signal, log: jobLog })),
    )
      .then(
        (result) => {
          status.outcome = result.skipped ? 'skipped' : 'succeeded';
          status.lastMessage = result.skipped
            ? 'another instance ran this job'
            : typeof result.value === 'string'
              ? result.value
              : null;
          if (!result.skipped) status.runs += 1;
        },
        (error: unknown) => {
          status.outcome = 'failed';
          status.failures += 1;
          status.lastMessage = error instanceof Error ? error.message : String(error);
          jobLog.warn({ err: error }, 'background job failed');
        },
      )
      .finally(() => {
        status.lastFinishedAt = new Date();
        status.lastDurationMs = Date.now() - startedAt;
        entry.running = null;
      });
    return entry.running;
  };

  return {
    register(job) {
      if (entries.has(job.name)) throw new Error(`background job ${job.name} is registered twice`);
      const entry: Entry = {
        job,
        timer: null,
        running: null,
        status: {
          name: job.name,
          everyMs: job.everyMs,
          outcome: 'never',
          lastStartedAt: null,
          lastFinishedAt: null,
          lastDurationMs: null,
          lastMessage: null,
          nextRunAt: null,
          runs: 0,
          failures: 0,
        },
      };
      entries.set(job.name, entry);
      schedule(entry, job.firstRunAfterMs ?? job.everyMs);
    },
    list() {
      return [...entries.values()]
        .map((entry) => ({ ...entry.status }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async runNow(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`no background job named ${name}`);
      await execute(entry);
      return { ...entry.status };
    },
    start() {
      if (started) return;
      started = true;
      for (const entry of entries.values()) schedule(entry, entry.job.firstRunAfterMs ?? entry.job.everyMs);
    },
    async stop() {
      controller.abort();
      for (const entry of entries.values()) {
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = null;
      }
      await Promise.all([...entries.values()].map((entry) => entry.running));
    },
  };
}
