import {
  type CuttingJobsReportQuerySchema,
  HOURLY_BUCKETS_UP_TO_HOURS,
  knifeSwapUrgency,
  MACHINE_STATUSES,
  type ReportRangeQuerySchema,
  type ReportStatus,
  type UptimeLast24hQuerySchema,
} from '@kerf/contracts';
import type { z } from 'zod';
import { NO_KNIFE, NONE_ID } from '../../db/schema/telemetry';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { grindingCyclesClosedIn } from '../knife/index';
import { reportEmployee, reportTeams, visibleLocationIds, worksCouncilForm } from '../printing-shop/index';
import {
  checkTimeZone,
  cutBuckets,
  cutTotals,
  jobsOverlapping,
  knivesOf,
  type MachineRow,
  machinesAt,
  peopleByIds,
  statusSeconds,
  statusSegments,
} from './report.repository';
import { dayCount, localDays, localHours } from './report-time';

type RangeQuery = z.output<typeof ReportRangeQuerySchema>;
type Last24hQuery = z.output<typeof UptimeLast24hQuerySchema>;
type JobsQuery = z.output<typeof CuttingJobsReportQuerySchema>;
type Employee = ReturnType<typeof reportEmployee>;
type StatusSeconds = { status: ReportStatus; seconds: number }[];

const HOUR = 3600_000;
/** works-council mode TEAMS: the key of the employees in no team */
const NO_TEAM = 'no-team';
const STATUS_ORDER: ReportStatus[] = [...MACHINE_STATUSES, 'NO_DATA'];
const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** Seconds per status, in the catalogue's order, statuses with 0 seconds left out. */
function statusList(totals: Map<string, number>): StatusSeconds {
  return STATUS_ORDER.filter((status) => Math.round(totals.get(status) ?? 0) > 0).map((status) => ({
    status,
    seconds: Math.round(totals.get(status) ?? 0),
  }));
}

const add = <K>(map: Map<K, number>, key: K, value: number) => map.set(key, (map.get(key) ?? 0) + value);

function reportMachine(machine: MachineRow) {
  return {
    id: machine.id,
    name: machine.name,
    serialNumber: machine.serialNumber,
    locationId: machine.locationId,
    locationName: machine.locationName,
  };
}

/** The period of a report, its end clipped to now for times (nothing has happened after now). */
interface Period {
  start: Date;
  end: Date;
  /** min(end, now): where times stop */
  until: Date;
  timeZone: string;
}

export interface ReportScope extends Period {
  tx: Tx;
  machines: MachineRow[];
  machineIds: string[];
  locationIds: string[];
  search?: string;
}

/** Time zones PostgreSQL was found to know (Node's ICU and PostgreSQL's tzdata may differ). */
const knownZones = new Set<string>(['UTC']);

/**
 * The report server (product.md §7): employees, cutting machines, knives and orders over a period, for
 * the locations the user may see. Every report runs in one tenant transaction.
 */
export function createReportService(deps: { transactions: Transactions }) {
  const { transactions } = deps;

  async function requireTimeZone(actor: Actor, timeZone: string) {
    if (knownZones.has(timeZone)) return;
    try {
      await transactions.withTenant(actor.tenantId, (tx) => checkTimeZone(tx, timeZone));
      knownZones.add(timeZone);
    } catch {
      throw AppError.fields([{ field: 'timeZone', in: 'query', code: 'INVALID_VALUE' }]);
    }
  }

  /**
   * Opens the tenant transaction with the machines of the report: at the requested locations the
   * user may see (`locations`, default all of them), narrowed to `machineIds` and — for the
   * machines section — by `machineSearch`.
   */
  async function inScope<T>(
    actor: Actor,
    query: {
      startDate: string;
      endDate: string;
      timeZone: string;
      locations?: string[];
      machineIds?: string[];
    },
    options: { machineSearch?: string; search?: string },
    fn: (scope: ReportScope) => Promise<T>,
  ): Promise<T> {
    await requireTimeZone(actor, query.timeZone);
    const start = new Date(query.startDate);
    const end = new Date(query.endDate);
    const until = new Date(Math.max(start.getTime(), Math.min(end.getTime(), Date.now())));
    return transactions.withTenant(actor.tenantId, async (tx) => {
      const locationIds = await visibleLocationIds(tx, actor, query.locations);
      const machines = await machinesAt(tx, {
        locationIds,
        since: start,
        machineIds: query.machineIds,
        search: options.machineSearch,
      });
      return fn({
        tx,
        start,
        end,
        until,
        timeZone: query.timeZone,
        machines,
        machineIds: machines.map((m) => m.id),
        locationIds,
        search: options.search,
      });
    });
  }

  // ---- employees ----------------------------------------------------------------------------

  interface EmployeeData {
    employees: Map<string, Employee>;
    cuts: Map<string, number>;
    times: Map<string, Map<string, number>>;
    /** the key a person's numbers are under (their own id; their team's in works-council mode TEAMS) */
    keyOf: (id: string) => string;
  }

  /**
   * Cuts and times per employee (key: user id, or NONE_ID for nobody signed in), search applied.
   * `knownCuts`: the cuts per employee where the caller has read them already (one query less).
   */
  async function employeeData(
    scope: ReportScope,
    withTimes: boolean,
    knownCuts?: Map<string, number>,
  ): Promise<EmployeeData> {
    let cuts = knownCuts;
    if (!cuts) {
      cuts = new Map<string, number>();
      for (const row of await cutTotals(scope.tx, scope.machineIds, scope.start, scope.end, {
        operator: true,
      }))
        add(cuts, row.operatorId, row.cuts);
    }
    const times = new Map<string, Map<string, number>>();
    if (withTimes) {
      for (const row of await statusSeconds(scope.tx, scope.machineIds, scope.start, scope.until)) {
        const key = row.operatorId ?? NONE_ID;
        const map = times.get(key) ?? new Map<string, number>();
        add(map, row.status, row.seconds);
        times.set(key, map);
      }
    }
    const ids = [...new Set([...cuts.keys(), ...times.keys()])].filter((id) => id !== NONE_ID);
    const employees = new Map<string, Employee>();
    const form = await worksCouncilForm(scope.tx);
    if (form === 'TEAMS') return teamData(scope, ids, cuts, times);
    // Works-council mode: names come only as pseudonyms, and a search finds no one by a real name.
    const council = form !== 'OFF';
    for (const person of await peopleByIds(scope.tx, ids, scope.search, council))
      employees.set(person.id, reportEmployee(person, council));
    if (!scope.search && (cuts.has(NONE_ID) || times.has(NONE_ID)))
      employees.set(
        NONE_ID,
        reportEmployee({ id: null, firstName: null, lastName: null, displayName: null }),
      );
    return { employees, cuts, times, keyOf: (id) => id };
  }

  /**
   * Works-council mode TEAMS: the numbers of the persons summed per team — a team's name instead of
   * a person's, the employees in no team as one group (`id` null, `team: true`), nobody signed in as
   * before. A search finds teams by name only.
   */
  async function teamData(
    scope: ReportScope,
    ids: string[],
    cuts: Map<string, number>,
    times: Map<string, Map<string, number>>,
  ): Promise<EmployeeData> {
    const teamOf = new Map((await reportTeams(scope.tx, ids)).map((row) => [row.userId, row]));
    const keyOf = (id: string) => (id === NONE_ID ? NONE_ID : (teamOf.get(id)?.teamId ?? NO_TEAM));
    const teamCuts = new Map<string, number>();
    for (const [id, value] of cuts) add(teamCuts, keyOf(id), value);
    const teamTimes = new Map<string, Map<string, number>>();
    for (const [id, map] of times) {
      const target = teamTimes.get(keyOf(id)) ?? new Map<string, number>();
      for (const [status, value] of map) add(target, status, value);
      teamTimes.set(keyOf(id), target);
    }
    const employees = new Map<string, Employee>();
    const search = scope.search?.toLocaleLowerCase();
    for (const key of new Set([...teamCuts.keys(), ...teamTimes.keys()])) {
      if (key === NONE_ID) {
        if (!search)
          employees.set(
            key,
            reportEmployee({ id: null, firstName: null, lastName: null, displayName: null }),
          );
        continue;
      }
      const name =
        key === NO_TEAM ? '' : ([...teamOf.values()].find((row) => row.teamId === key)?.teamName ?? '');
      if (search && (key === NO_TEAM || !name.toLocaleLowerCase().includes(search))) continue;
      employees.set(key, { id: key === NO_TEAM ? null : key, label: name, pseudonym: true, team: true });
    }
    return { employees, cuts: teamCuts, times: teamTimes, keyOf };
  }

  const byCutsThenLabel = (cuts: Map<string, number>) => (a: [string, Employee], b: [string, Employee]) =>
    (cuts.get(b[0]) ?? 0) - (cuts.get(a[0]) ?? 0) ||
    a[1].label.localeCompare(b[1].label) ||
    a[0].localeCompare(b[0]);

  async function employeeTimes(scope: ReportScope) {
    const data = await employeeData(scope, true);
    return [...data.employees].sort(byCutsThenLabel(data.cuts)).map(([key, employee]) => ({
      employee,
      statuses: statusList(data.times.get(key) ?? new Map()),
      cuts: Math.round(data.cuts.get(key) ?? 0),
    }));
  }

  function bucketSizeOf(period: Period): 'HOUR' | 'DAY' {
    return period.end.getTime() - period.start.getTime() <= HOURLY_BUCKETS_UP_TO_HOURS * HOUR
      ? 'HOUR'
      : 'DAY';
  }

  function bucketStarts(period: Period, size: 'HOUR' | 'DAY'): number[] {
    const start = period.start.getTime();
    const end = period.end.getTime();
    return size === 'HOUR'
      ? localHours(period.timeZone, start, end)
      : localDays(period.timeZone, start, end).map((day) => day.start);
  }

  // ---- machines -----------------------------------------------------------------------------

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

  // ---- knives -------------------------------------------------------------------------------

  async function knifeCuts(scope: ReportScope) {
    const perKnife = new Map<string, Map<string, number>>();
    for (const row of await cutTotals(scope.tx, scope.machineIds, scope.start, scope.end, { knife: true })) {
      if (row.knifeRfid === NO_KNIFE) continue;
      const map = perKnife.get(row.knifeRfid) ?? new Map<string, number>();
      add(map, row.machineId, row.cuts);
      perKnife.set(row.knifeRfid, map);
    }
    return perKnife;
  }

  async function cutsTotal(scope: ReportScope) {
    const perKnife = await knifeCuts(scope);
    const knives = await knivesOf(scope.tx, { rfids: [...perKnife.keys()], search: scope.search });
    const names = new Map(scope.machines.map((m) => [m.id, m.name]));
    return knives
      .map((knife) => {
        const machines = [...(perKnife.get(knife.rfid) ?? new Map<string, number>())]
          .map(([id, cuts]) => ({ id, name: names.get(id) ?? '', cuts: Math.round(cuts) }))
          .sort((a, b) => b.cuts - a.cuts || a.name.localeCompare(b.name));
        return {
          rfid: knife.rfid,
          articleNumber: knife.articleNumber,
          knifeClassName: knife.knifeClassName,
          cuts: machines.reduce((sum, m) => sum + m.cuts, 0),
          machines,
        };
      })
      .sort((a, b) => b.cuts - a.cuts || a.rfid.localeCompare(b.rfid));
  }

  /** Knives that cut at the selected machines in the period or were last scanned at the selected locations. */
  async function knifeCycles(scope: ReportScope) {
    const perKnife = await knifeCuts(scope);
    const knives = await knivesOf(scope.tx, {
      rfids: [...perKnife.keys()],
      locationIds: scope.locationIds,
      search: scope.search,
    });
    // the cycles the knife module recorded (ADR 0012: read through the owner's function)
    const cycles = await grindingCyclesClosedIn(
      scope.tx,
      knives.map((k) => k.rfid),
      scope.start,
      scope.end,
    );
    return knives.map((knife) => {
      const closed = cycles
        .filter((c) => c.rfid === knife.rfid)
        .map((c) => ({ sharpenedAt: c.sharpenedAt.getTime(), cuts: Math.round(c.cutsInCycle) }));
      const total = closed.reduce((sum, c) => sum + c.cuts, 0);
      return {
        rfid: knife.rfid,
        articleNumber: knife.articleNumber,
        knifeClassName: knife.knifeClassName,
        cycles: closed.length,
        averageCutsPerCycle: closed.length > 0 ? Math.round(total / closed.length) : null,
        cutsSinceLastGrinding: Math.round(knife.cutsSinceLastGrinding),
        swapUrgency: knifeSwapUrgency(knife.cutsSinceLastGrinding, knife.knifeSwapInterval),
        cycleCuts: closed.map((c) => ({ sharpenedAt: iso(c.sharpenedAt), cuts: c.cuts })),
      };
    });
  }

  // ---- jobs ---------------------------------------------------------------------------------

  async function jobs(
    scope: ReportScope,
    nameFilter: string | undefined,
    page?: { page: number; size: number },
  ) {
    const { rows, total } = await jobsOverlapping(scope.tx, {
      machineIds: scope.machineIds,
      start: scope.start,
      end: scope.end,
      nameFilter,
      ...(page ? { limit: page.size, offset: page.page * page.size } : {}),
    });
    const machines = new Map(scope.machines.map((m) => [m.id, m]));
    const now = Date.now();
    const items = rows.map((row) => {
      const started = new Date(row.startedAt).getTime();
      const ended = row.endedAt ? new Date(row.endedAt).getTime() : null;
      return {
        id: row.id,
        name: row.name,
        orderNumber: row.orderNumber,
        programNumber: row.programNumber,
        state: row.state as 'OPEN' | 'CLOSED' | 'CANCELLED',
        parentJobId: row.parentJobId,
        machine: reportMachine(machines.get(row.machineId)!),
        startDate: iso(started),
        endDate: ended === null ? null : iso(ended),
        durationSeconds: seconds((ended ?? now) - started),
        cuts: Math.round(row.cuts),
        processingSeconds: Math.round(row.processingSeconds),
        downtimeSeconds: Math.round(row.downtimeSeconds),
        supportSeconds: Math.round(row.supportSeconds),
      };
    });
    return { items, total };
  }

  return {
    // employees
    employeeCutsChart: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, async (scope) => {
        const data = await employeeData(scope, false);
        return [...data.employees]
          .filter(([key]) => (data.cuts.get(key) ?? 0) > 0)
          .sort(byCutsThenLabel(data.cuts))
          .map(([key, employee]) => ({ employee, cuts: Math.round(data.cuts.get(key) ?? 0) }));
      }),

    employeeCutsPerHourChart: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, async (scope) => {
        const size = bucketSizeOf(scope);
        const starts = bucketStarts(scope, size);
        const perEmployee = new Map<string, Map<number, number>>();
        // the buckets hold every cut of the period: their sums are the employees' totals
        const totals = new Map<string, number>();
        for (const row of await cutBuckets(
          scope.tx,
          scope.machineIds,
          scope.start,
          scope.end,
          size,
          scope.timeZone,
          'operator',
        )) {
          const map = perEmployee.get(row.key) ?? new Map<number, number>();
          add(map, new Date(row.bucket).getTime(), row.cuts);
          perEmployee.set(row.key, map);
          add(totals, row.key, row.cuts);
        }
        const data = await employeeData(scope, false, totals);
        const grouped = new Map<string, Map<number, number>>();
        for (const [id, map] of perEmployee) {
          const target = grouped.get(data.keyOf(id)) ?? new Map<number, number>();
          for (const [start, value] of map) add(target, start, value);
          grouped.set(data.keyOf(id), target);
        }
        return {
          bucketSize: size,
          series: [...data.employees]
            .filter(([key]) => (data.cuts.get(key) ?? 0) > 0)
            .sort(byCutsThenLabel(data.cuts))
            .map(([key, employee]) => ({
              employee,
              buckets: starts.map((start) => ({
                start: iso(start),
                cuts: Math.round(grouped.get(key)?.get(start) ?? 0),
              })),
            })),
        };
      }),

    employeeTimesChart: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, employeeTimes),

    employeeTotalTimes: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, async (scope) => {
        const rows = await employeeTimes(scope);
        const totals = new Map<string, number>();
        let cuts = 0;
        for (const row of rows) {
          cuts += row.cuts;
          for (const status of row.statuses) add(totals, status.status, status.seconds);
        }
        return {
          statuses: statusList(totals),
          cuts,
          employees: rows.filter((row) => row.employee.id !== null).length,
        };
      }),

    employeeRows: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, employeeTimes),

    // machines
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

    // knives
    knifeCutsTotal: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, cutsTotal),
    knifeCycles: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, knifeCycles),
    knifeRows: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, async (scope) => {
        const [totals, cycles] = [await cutsTotal(scope), await knifeCycles(scope)];
        const cuts = new Map(totals.map((row) => [row.rfid, row.cuts]));
        return cycles.map((row) => ({ ...row, cuts: cuts.get(row.rfid) ?? 0 }));
      }),

    // orders
    cuttingJobs: (actor: Actor, query: JobsQuery) =>
      inScope(actor, query, {}, async (scope) => {
        const { items, total } = await jobs(scope, query.cuttingJobNameFilter, {
          page: query.page,
          size: query.page_size,
        });
        return { items, total, page: query.page, pageSize: query.page_size };
      }),
    cuttingJobRows: (actor: Actor, query: Omit<JobsQuery, 'page' | 'page_size'>) =>
      inScope(actor, query, {}, async (scope) => (await jobs(scope, query.cuttingJobNameFilter)).items),
  };
}

export type ReportService = ReturnType<typeof createReportService>;
