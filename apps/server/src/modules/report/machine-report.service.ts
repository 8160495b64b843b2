import type { ReportStatus } from '@kerf/contracts';
import { NO_KNIFE } from '../../db/schema/telemetry';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { iso } from '../../lib/dates';
import { cutBuckets, cutTotals, statusSeconds, statusSegments } from './report.repository';
import {
  add,
  HOUR,
  type Last24hQuery,
  type RangeQuery,
  type ReportScope,
  reportMachine,
  scopeRunner,
  seconds,
  statusList,
} from './report-scope';
import { dayCount, localHours } from './report-time';

/** Seconds per status per machine, NO_DATA where the machine reported nothing (up to now). */
async function machineTimes(scope: ReportScope): Promise<Map<string, Map<string, number>>> {
  const periodSeconds = seconds(scope.until.getTime() - scope.start.getTime());
  const times = new Map(scope.machineIds.map((id) => [id, new Map<string, number>()]));
  for (const row of await statusSeconds(scope.tx, scope.machineIds, scope.start, scope.until))
    add(times.get(row.machineId)!, row.status, row.seconds);
  for (const map of times.values()) {
    let reported = 0;
    for (const value of map.values()) reported += Math.round(value);
    if (periodSeconds > reported) map.set('NO_DATA', periodSeconds - reported);
  }
  return times;
}

async function machineCuts(scope: ReportScope): Promise<Map<string, number>> {
  const cuts = new Map<string, number>();
  for (const row of await cutTotals(scope.tx, scope.machineIds, scope.start, scope.end))
    add(cuts, row.machineId, row.cuts);
  return cuts;
}

type MachineNumbers = { times: Map<string, Map<string, number>>; cuts: Map<string, number> };
const machineNumbers = async (scope: ReportScope): Promise<MachineNumbers> => ({
  times: await machineTimes(scope),
  cuts: await machineCuts(scope),
});

async function averageUptime(scope: ReportScope, known?: MachineNumbers) {
  const { times, cuts } = known ?? (await machineNumbers(scope));
  const periodSeconds = seconds(scope.until.getTime() - scope.start.getTime());
  const days = dayCount(scope.timeZone, scope.start.getTime(), scope.until.getTime());
  return scope.machines.map((machine) => {
    const uptime = Math.round(times.get(machine.id)?.get('RUNNING') ?? 0);
    return {
      machine: reportMachine(machine),
      uptimeSeconds: uptime,
      periodSeconds,
      averageDailyUptimeSeconds: days > 0 ? Math.round(uptime / days) : 0,
      cuts: Math.round(cuts.get(machine.id) ?? 0),
    };
  });
}

async function totalUptime(scope: ReportScope, known?: MachineNumbers) {
  const { times, cuts } = known ?? (await machineNumbers(scope));
  return scope.machines.map((machine) => ({
    machine: reportMachine(machine),
    statuses: statusList(times.get(machine.id) ?? new Map()),
    cuts: Math.round(cuts.get(machine.id) ?? 0),
  }));
}

async function usedKnives(scope: ReportScope) {
  const perMachine = new Map<string, Map<string, number>>();
  for (const row of await cutTotals(scope.tx, scope.machineIds, scope.start, scope.end, { knife: true })) {
    if (row.knifeRfid === NO_KNIFE) continue;
    const map = perMachine.get(row.machineId) ?? new Map<string, number>();
    add(map, row.knifeRfid, row.cuts);
    perMachine.set(row.machineId, map);
  }
  return scope.machines.map((machine) => {
    const knives = [...(perMachine.get(machine.id) ?? new Map<string, number>())]
      .map(([rfid, cuts]) => ({ rfid, cuts: Math.round(cuts) }))
      .sort((a, b) => b.cuts - a.cuts || a.rfid.localeCompare(b.rfid));
    return { machine: reportMachine(machine), count: knives.length, knives };
  });
}

/** The cutting machines section (product.md §7 "Report server"): uptime, times per status, knives used, the last 24 hours. */
export function createMachineReportService(deps: { transactions: Transactions }) {
  const inScope = scopeRunner(deps.transactions);
  return {
    machineAverageUptime: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { machineSearch: query.search }, (scope) => averageUptime(scope)),
    machineTotalUptime: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { machineSearch: query.search }, (scope) => totalUptime(scope)),
    machineUsedKnives: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { machineSearch: query.search }, usedKnives),
    machineRows: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { machineSearch: query.search }, async (scope) => {
        const numbers = await machineNumbers(scope);
        const [average, total, knives] = [
          await averageUptime(scope, numbers),
          await totalUptime(scope, numbers),
          await usedKnives(scope),
        ];
        return average.map((row, index) => ({
          ...row,
          statuses: total[index]!.statuses,
          knives: knives[index]!.count,
        }));
      }),
    machineUptimeLast24h: (actor: Actor, query: Last24hQuery) => {
      const to = Date.now();
      const from = to - 24 * HOUR;
      return inScope(actor, { ...query, startDate: iso(from), endDate: iso(to) }, {}, async (scope) => {
        const segments = await statusSegments(scope.tx, scope.machineIds, scope.start, scope.end);
        const hours = localHours(scope.timeZone, from, to);
        const buckets = new Map<string, Map<number, number>>();
        for (const row of await cutBuckets(
          scope.tx,
          scope.machineIds,
          scope.start,
          scope.end,
          'HOUR',
          scope.timeZone,
          'machine',
        )) {
          const map = buckets.get(row.key) ?? new Map<number, number>();
          add(map, new Date(row.bucket).getTime(), row.cuts);
          buckets.set(row.key, map);
        }
        return scope.machines.map((machine) => {
          const own = segments.filter((s) => s.machineId === machine.id);
          const filled: { status: ReportStatus; from: string; to: string }[] = [];
          let at = from;
          for (const segment of own) {
            const segmentFrom = new Date(segment.from).getTime();
            const segmentTo = new Date(segment.to).getTime();
            if (segmentFrom > at) filled.push({ status: 'NO_DATA', from: iso(at), to: iso(segmentFrom) });
            if (segmentTo > segmentFrom)
              filled.push({
                status: segment.status as ReportStatus,
                from: iso(segmentFrom),
                to: iso(segmentTo),
              });
            at = Math.max(at, segmentTo);
          }
          if (at < to) filled.push({ status: 'NO_DATA', from: iso(at), to: iso(to) });
          return {
            machine: reportMachine(machine),
            from: iso(from),
            to: iso(to),
            segments: filled,
            cutsPerHour: hours.map((start) => ({
              start: iso(start),
              cuts: Math.round(buckets.get(machine.id)?.get(start) ?? 0),
            })),
          };
        });
      });
    },
  };
}
