import type { MachineUptimeLast24hSchema } from '@kerf/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { reportKeys } from './keys';

type Last24h = z.infer<typeof MachineUptimeLast24hSchema>[];

/**
 * Counts cuts that arrived live into the last hour of every cached 24-hour report of the machine,
 * so "cuts in the last 24 hours" and the cuts-per-hour bars move with the counter; the next read
 * of the report (every few minutes) takes over with the server's numbers.
 */
export function addLiveCuts(queryClient: QueryClient, machineId: string, cuts: number, at: string) {
  if (cuts <= 0) return;
  const time = Date.parse(at);
  queryClient.setQueriesData<Last24h>({ queryKey: [...reportKeys.all, 'uptime-last-24h'] }, (reports) =>
    reports?.map((report) => {
      if (report.machine.id !== machineId || report.cutsPerHour.length === 0) return report;
      const buckets = [...report.cutsPerHour];
      // the bucket the cut falls in, else the newest
      let index = buckets.findLastIndex((bucket) => Date.parse(bucket.start) <= time);
      if (index < 0) index = buckets.length - 1;
      const bucket = buckets[index];
      if (!bucket) return report;
      buckets[index] = { ...bucket, cuts: bucket.cuts + cuts };
      return { ...report, cutsPerHour: buckets };
    }),
  );
}
