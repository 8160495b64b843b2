import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { setMachineJob } from '../machines/index';

/**
 * The writes of `cutting_jobs` (owned by the report module, ADR 0012): an order opened on a machine
 * becomes the machine's current job, so the cuts that follow are booked to it (telemetry's cut
 * statement moves `cutting_jobs.cuts`); closing or cancelling it ends its span and stores the
 * times booked to it, as the report computes them from the status intervals.
 */

export interface NewCuttingJob {
  machineId: string;
  name: string;
  orderNumber?: string | null;
  programNumber?: string | null;
  /** a partial job continues this one */
  parentJobId?: string | null;
  startedAt: string;
  createdBy?: string | null;
}

export async function openCuttingJob(tx: Tx, tenantId: string, job: NewCuttingJob): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`
    INSERT INTO cutting_jobs (tenant_id, machine_id, parent_job_id, name, order_number, program_number, state, started_at, created_by)
    VALUES (${tenantId}, ${job.machineId}, ${job.parentJobId ?? null}, ${job.name}, ${job.orderNumber ?? null},
            ${job.programNumber ?? null}, 'OPEN', ${job.startedAt}, ${job.createdBy ?? null})
    RETURNING id`,
  );
  await setMachineJob(tx, job.machineId, row!.id);
  return row!.id;
}

/** Rejected cuts recorded at an order's close (OEE quality, issue 36). */
export interface OrderRejects {
  startup: number;
  production: number;
}

/**
 * Ends an open job (CLOSED or CANCELLED) at `endedAt`, with the rejected cuts the operator recorded
 * (none: null, not measured) — or, for the demo history, the rejects as a function of the job's cuts;
 * the machine has no current job afterwards.
 */
export async function closeCuttingJob(
  tx: Tx,
  jobId: string,
  close: {
    state: 'CLOSED' | 'CANCELLED';
    endedAt: string;
    rejects?: OrderRejects | null | ((cuts: number) => OrderRejects | null);
  },
): Promise<void> {
  let rejects = close.rejects ?? null;
  if (typeof rejects === 'function') {
    const [open] = await queryRows<{ cuts: number }>(
      tx,
      sql`SELECT cuts::float8 AS cuts FROM cutting_jobs WHERE id = ${jobId} AND state = 'OPEN'`,
    );
    rejects = open ? rejects(open.cuts) : null;
  }
  const [job] = await queryRows<{ machineId: string }>(
    tx,
    sql`
    UPDATE cutting_jobs j SET state = ${close.state}, ended_at = ${close.endedAt}, updated_at = now(),
      processing_seconds = coalesce(t.processing, 0), downtime_seconds = coalesce(t.downtime, 0),
      support_seconds = coalesce(t.support, 0),
      startup_rejects = ${rejects?.startup ?? null}::int,
      production_rejects = ${rejects?.production ?? null}::int
    FROM (
      SELECT round(sum(s.seconds) FILTER (WHERE s.status = 'RUNNING'))::int AS processing,
             round(sum(s.seconds) FILTER (WHERE s.status LIKE 'INTERRUPTION\\_%'))::int AS downtime,
             round(sum(s.seconds) FILTER (WHERE s.status LIKE 'SUPPORT\\_%'))::int AS support
      FROM cutting_jobs c
      CROSS JOIN LATERAL (
        SELECT i.status, extract(epoch FROM least(coalesce(i.ended_at, ${close.endedAt}::timestamptz), ${close.endedAt}::timestamptz)
                                 - greatest(i.started_at, c.started_at)) AS seconds
        FROM (
          SELECT status, started_at, ended_at FROM machine_status_intervals
          WHERE machine_id = c.machine_id AND started_at >= c.started_at AND started_at < ${close.endedAt}::timestamptz
          UNION ALL
          (SELECT status, started_at, ended_at FROM machine_status_intervals
           WHERE machine_id = c.machine_id AND started_at < c.started_at
           ORDER BY started_at DESC, id DESC LIMIT 1)
        ) i
      ) s
      WHERE c.id = ${jobId} AND s.seconds > 0
    ) t
    WHERE j.id = ${jobId} AND j.state = 'OPEN'
    RETURNING j.machine_id AS "machineId"`,
  );
  if (!job) return;
  const [machine] = await queryRows<{ currentJobId: string | null }>(
    tx,
    sql`SELECT current_job_id AS "currentJobId" FROM cutting_machines WHERE id = ${job.machineId}`,
  );
  if (machine?.currentJobId === jobId) await setMachineJob(tx, job.machineId, null);
}
