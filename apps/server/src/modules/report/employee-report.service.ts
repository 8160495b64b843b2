import { NONE_ID } from '../../db/schema/telemetry';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { iso } from '../../lib/dates';
import { reportEmployee, reportTeams, worksCouncilForm } from '../printing-shop/index';
import { cutBuckets, cutTotals, peopleByIds, statusSeconds } from './report.repository';
import {
  add,
  bucketSizeOf,
  bucketStarts,
  type Employee,
  type RangeQuery,
  type ReportScope,
  scopeRunner,
  statusList,
} from './report-scope';

/** works-council mode TEAMS: the key of the employees in no team */
const NO_TEAM = 'no-team';

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
    employees.set(NONE_ID, reportEmployee({ id: null, firstName: null, lastName: null, displayName: null }));
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
        employees.set(key, reportEmployee({ id: null, firstName: null, lastName: null, displayName: null }));
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

/** The employees section (product.md §7 "Report server"): cuts and times per employee, or per team in works-council mode TEAMS. */
export function createEmployeeReportService(deps: { transactions: Transactions }) {
  const inScope = scopeRunner(deps.transactions);
  return {
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
  };
}
