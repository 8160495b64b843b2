import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Time budgets per statement (issue 30). Interactive work — a page, a form, a machine's batch — gets
 * a short statement timeout; heavy work — an export, a CSV download, a report over a long period,
 * the invoice PDF, a background job — a longer one. The kind of work is carried by the async
 * context: a heavy route runs its handler (and whatever it streams afterwards) under `runAs('heavy')`,
 * and `transactions.ts` sets the transaction's `statement_timeout` from it. A statement that runs
 * over is cancelled by the database (SQLSTATE 57014) and answered `common.TIMEOUT`, logged with its
 * route. PGlite runs without a statement timer (WebAssembly has no signals): there the budget is
 * set but not enforced, and the worker thread keeps the server answering instead (ADR 0022).
 */
export type WorkKind = 'interactive' | 'heavy';

export interface StatementBudgets {
  interactiveMs: number;
  heavyMs: number;
}

export const DEFAULT_BUDGETS: StatementBudgets = { interactiveMs: 30_000, heavyMs: 600_000 };

const work = new AsyncLocalStorage<WorkKind>();

export function runAs<T>(kind: WorkKind, fn: () => T): T {
  return work.run(kind, fn);
}

export function currentWork(): WorkKind {
  return work.getStore() ?? 'interactive';
}

/** The statement timeout of the work in progress, in whole milliseconds. */
export function statementTimeoutMs(budgets: StatementBudgets): number {
  return Math.max(1, Math.round(currentWork() === 'heavy' ? budgets.heavyMs : budgets.interactiveMs));
}

/** The database cancelled a statement that ran over its `statement_timeout`. */
export function isStatementTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '57014' && typeof e.message === 'string' && e.message.includes('statement timeout'))
      return true;
    current = e.cause;
  }
  return false;
}

/**
 * Routes whose work is heavy: downloads (CSV exports, the tenant export, PDFs) and reports, whose
 * period may be a year and more.
 */
export function isHeavyRoute(path: string): boolean {
  return /\/csv-exports?$|\/export$|\/pdf$|^\/reports\//.test(path);
}

/** A contract of heavy work: a download or report (`GET`), on the longer budget. */
export function isHeavyContract(contract: { method: string; path: string }): boolean {
  return contract.method === 'GET' && isHeavyRoute(contract.path);
}

/** A heavy contract behind the per-tenant gate (a signed-in caller): it can answer 429. */
export function isGatedContract(contract: { method: string; path: string; access: string }): boolean {
  return isHeavyContract(contract) && contract.access !== 'public';
}

/**
 * How many heavy operations of one kind a tenant may run at once (a second export while one runs
 * is refused with 429 and Retry-After, not queued behind it).
 */
export function createTenantLimiter(perTenant: number) {
  const running = new Map<string, number>();
  return {
    /** a release function, or null when the tenant is at its limit */
    tryAcquire(tenantId: string): (() => void) | null {
      const now = running.get(tenantId) ?? 0;
      if (now >= perTenant) return null;
      running.set(tenantId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(tenantId) ?? 1) - 1;
        if (left <= 0) running.delete(tenantId);
        else running.set(tenantId, left);
      };
    },
  };
}

/** Heavy requests of one tenant that run at once; the next ones wait their turn. */
export const HEAVY_RUNNING_PER_TENANT = 4;
/** Heavy requests of one tenant that may wait; one more is refused with 429 and Retry-After. */
export const HEAVY_WAITING_PER_TENANT = 32;
export const HEAVY_RETRY_AFTER_SECONDS = 5;

/**
 * The per-tenant gate in front of every heavy route (issue 30): at most `running` of one tenant's
 * downloads and reports run at once, the next `waiting` wait in arrival order, and one more is
 * refused. A tenant that asks for twenty year-long reports at once then holds four places in the
 * database's queue, not twenty, and another tenant's request is served in between. A reporting page
 * that asks for all its sections at once waits a little; it is not refused.
 */
export function createTenantGate(running: number, waiting: number) {
  const tenants = new Map<string, { running: number; queue: (() => void)[] }>();
  return {
    /** resolves with a release once the request may run; null when the tenant's queue is full */
    enter(tenantId: string): Promise<() => void> | null {
      let state = tenants.get(tenantId);
      if (!state) {
        state = { running: 0, queue: [] };
        tenants.set(tenantId, state);
      }
      const tenant = state;
      const release = () => {
        let released = false;
        return () => {
          if (released) return;
          released = true;
          const next = tenant.queue.shift();
          if (next) next();
          else if (--tenant.running === 0) tenants.delete(tenantId);
        };
      };
      if (tenant.running < running) {
        tenant.running += 1;
        return Promise.resolve(release());
      }
      if (tenant.queue.length >= waiting) return null;
      // the place passes from the one that ends to the first waiting (running stays the same)
      return new Promise((resolve) => tenant.queue.push(() => resolve(release())));
    },
    /** requests of the tenant running and waiting now */
    load(tenantId: string) {
      const tenant = tenants.get(tenantId);
      return { running: tenant?.running ?? 0, waiting: tenant?.queue.length ?? 0 };
    },
  };
}
