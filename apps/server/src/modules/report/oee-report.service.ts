import { OEE_LOSS_OF_STATUS, type OeeFigures, type OeeLoss, type OeeReport } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { localDateOf } from '../../lib/shift-calendar';
import { readShiftCalendars } from '../printing-shop/index';
import { idealCutsPerHour } from './ideal-cut-rate';
import { type LossStatuses, type OeeMachine, oeeCuts, oeeOrders, oeeTimes } from './oee.repository';
import { emptySums, type OeeSums, oeeFigures, sumAll } from './oee-figures';
import { type LocationPlan, locationPlan } from './oee-plan';
import { type RangeQuery, type ReportScope, reportMachine, scopeRunner } from './report-scope';
import { localDays } from './report-time';

/*
 * OEE in the reports (issue 36 item 2; contracts `oee.ts`): per machine of the report's scope, its
 * location's planned time (the shift calendar, expanded over the period up to now: oee-plan.ts), the
 * status time and cuts inside it and the rejects of the orders closed in the period, summed per
 * machine and shift occurrence ("cell") in SQL (oee.repository.ts); the cells roll up into machines,
 * locations, shifts (location and shift name), local dates (the occurrence's date) and the total,
 * each group's ratios from its own sums (oee-figures.ts). Orders closed outside every shift count
 * for their machine, location and the total only. A location without a calendar plans nothing.
 */

const statusesOf = (loss: OeeLoss) =>
  Object.entries(OEE_LOSS_OF_STATUS)
    .filter(([, counted]) => counted === loss)
    .map(([status]) => status);
const LOSS_STATUSES: LossStatuses = {
  breakdowns: statusesOf('BREAKDOWNS'),
  setup: statusesOf('SETUP_AND_ADJUSTMENTS'),
  smallStops: statusesOf('SMALL_STOPS'),
};

interface MachineSums {
  machineId: string;
  locationId: string | null;
  /** per cell of the location's plan (-1: orders closed outside every shift) */
  cells: Map<number, OeeSums>;
}

function cellSums(machine: MachineSums, cell: number): OeeSums {
  let sums = machine.cells.get(cell);
  if (!sums) {
    sums = emptySums();
    machine.cells.set(cell, sums);
  }
  return sums;
}

/** The sums of every machine and cell of the scope. */
async function readSums(scope: ReportScope) {
  const { tx } = scope;
  const locationIds = [...new Set(scope.machines.flatMap((m) => (m.locationId ? [m.locationId] : [])))];
  const calendars = await readShiftCalendars(tx, locationIds);
  const plans = new Map<string, LocationPlan>();
  for (const [locationId, calendar] of calendars)
    plans.set(locationId, locationPlan(calendar, { start: scope.start, end: scope.until }));
  const planList = [...plans].map(([locationId, plan]) => ({ locationId, ...plan }));
  const located: OeeMachine[] = scope.machines.flatMap((m) =>
    m.locationId ? [{ id: m.id, locationId: m.locationId }] : [],
  );
  const planned = located.filter((m) => plans.has(m.locationId));
  const rates = await idealCutsPerHour(tx, scope.machineIds, scope.end);

  const sums = new Map<string, MachineSums>(
    scope.machines.map((m) => [m.id, { machineId: m.id, locationId: m.locationId, cells: new Map() }]),
  );
  for (const m of planned) {
    const plan = plans.get(m.locationId)!;
    const machine = sums.get(m.id)!;
    for (let cell = 0; cell < plan.cells.length; cell++) cellSums(machine, cell);
    for (const piece of plan.pieces)
      cellSums(machine, piece.cell).planned += (piece.end - piece.start) / 1000;
  }
  const times = await oeeTimes(tx, {
    machines: planned,
    plans: planList,
    until: scope.until,
    losses: LOSS_STATUSES,
  });
  for (const row of times) {
    const cell = cellSums(sums.get(row.machineId)!, row.cell);
    cell.covered += row.covered;
    cell.run += row.run;
    cell.breakdowns += row.breakdowns;
    cell.setup += row.setup;
    cell.smallStops += row.smallStops;
  }
  for (const row of await oeeCuts(tx, { machines: planned, plans: planList }))
    cellSums(sums.get(row.machineId)!, row.cell).cuts += row.cuts;
  for (const machine of sums.values()) {
    const rate = rates.get(machine.machineId)?.cutsPerHour;
    if (!rate) continue;
    for (const cell of machine.cells.values()) {
      cell.ratedRun = cell.run;
      cell.idealSeconds = (cell.cuts * 3600) / rate;
    }
  }
  const orders = await oeeOrders(tx, {
    machines: located,
    plans: planList,
    start: scope.start,
    end: scope.end,
  });
  for (const row of orders) {
    const cell = cellSums(sums.get(row.machineId)!, row.cell);
    cell.measuredCuts += row.cuts;
    cell.startupRejects += row.startupRejects;
    cell.productionRejects += row.productionRejects;
  }
  return { sums, plans, calendars, rates };
}

async function oeeReport(scope: ReportScope): Promise<OeeReport> {
  const { sums, plans, calendars, rates } = await readSums(scope);
  const machineTotal = (id: string) => sumAll(sums.get(id)!.cells.values());

  const machines = scope.machines.map((m) => {
    const rate = rates.get(m.id) ?? { cutsPerHour: null, source: 'NONE' as const };
    return {
      machine: reportMachine(m),
      idealCutsPerHour: rate.cutsPerHour,
      idealCutsPerHourSource: rate.source,
      figures: oeeFigures(machineTotal(m.id)),
    };
  });

  const locationRows = new Map<
    string,
    { locationId: string | null; locationName: string | null; sums: OeeSums }
  >();
  const shiftRows = new Map<
    string,
    { locationId: string | null; locationName: string | null; shift: string; order: number; sums: OeeSums }
  >();
  const dayRows = new Map<string, OeeSums>();
  for (const day of localDays(scope.timeZone, scope.start.getTime(), scope.end.getTime()))
    dayRows.set(localDateOf(scope.timeZone, day.start), emptySums());
  for (const m of scope.machines) {
    const machine = sums.get(m.id)!;
    const key = m.locationId ?? '';
    const location = locationRows.get(key) ?? {
      locationId: m.locationId,
      locationName: m.locationName,
      sums: emptySums(),
    };
    locationRows.set(key, location);
    location.sums = sumAll([location.sums, machineTotal(m.id)]);
    const plan = m.locationId ? plans.get(m.locationId) : undefined;
    if (!plan) continue;
    for (const [index, cellTotals] of machine.cells) {
      const cell = plan.cells[index];
      if (!cell) continue;
      const shiftKey = `${key}|${cell.shift}`;
      const shift = shiftRows.get(shiftKey) ?? {
        locationId: m.locationId,
        locationName: m.locationName,
        shift: cell.shift,
        order: cell.shiftIndex,
        sums: emptySums(),
      };
      shift.order = Math.min(shift.order, cell.shiftIndex);
      shift.sums = sumAll([shift.sums, cellTotals]);
      shiftRows.set(shiftKey, shift);
      dayRows.set(cell.date, sumAll([dayRows.get(cell.date) ?? emptySums(), cellTotals]));
    }
  }
  const byName = (a: { locationName: string | null }, b: { locationName: string | null }) =>
    (a.locationName ?? '').localeCompare(b.locationName ?? '');
  return {
    machines,
    locations: [...locationRows.values()].sort(byName).map((row) => ({
      locationId: row.locationId,
      locationName: row.locationName,
      hasCalendar: row.locationId !== null && calendars.has(row.locationId),
      figures: oeeFigures(row.sums),
    })),
    shifts: [...shiftRows.values()]
      .sort((a, b) => byName(a, b) || a.order - b.order || a.shift.localeCompare(b.shift))
      .map((row) => ({
        locationId: row.locationId,
        locationName: row.locationName,
        shift: row.shift,
        figures: oeeFigures(row.sums),
      })),
    days: [...dayRows]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, daySums]) => ({ date, figures: oeeFigures(daySums) })),
    total: oeeFigures(sumAll(scope.machines.map((m) => machineTotal(m.id)))),
  };
}

type OeeRowKind = 'MACHINE' | 'LOCATION' | 'SHIFT' | 'DAY' | 'TOTAL';

/** One row of the OEE CSV: which kind of row, what it is about, its figures. */
interface OeeCsvRow {
  kind: OeeRowKind;
  machine: string | null;
  serialNumber: string | null;
  location: string | null;
  shift: string | null;
  date: string | null;
  idealCutsPerHour: number | null;
  idealCutsPerHourSource: string | null;
  figures: OeeFigures;
}

/** The report as the CSV's rows: machines, locations, shifts, dates, the total. */
function oeeCsvRows(report: OeeReport): OeeCsvRow[] {
  const row = (kind: OeeRowKind, figures: OeeFigures, parts: Partial<OeeCsvRow> = {}): OeeCsvRow => ({
    kind,
    machine: null,
    serialNumber: null,
    location: null,
    shift: null,
    date: null,
    idealCutsPerHour: null,
    idealCutsPerHourSource: null,
    ...parts,
    figures,
  });
  return [
    ...report.machines.map((m) =>
      row('MACHINE', m.figures, {
        machine: m.machine.name,
        serialNumber: m.machine.serialNumber,
        location: m.machine.locationName,
        idealCutsPerHour: m.idealCutsPerHour,
        idealCutsPerHourSource: m.idealCutsPerHourSource,
      }),
    ),
    ...report.locations.map((l) => row('LOCATION', l.figures, { location: l.locationName })),
    ...report.shifts.map((s) => row('SHIFT', s.figures, { location: s.locationName, shift: s.shift })),
    ...report.days.map((d) => row('DAY', d.figures, { date: d.date })),
    row('TOTAL', report.total),
  ];
}

/** The OEE section of the report server. */
export function createOeeReportService(deps: { transactions: Transactions }) {
  const inScope = scopeRunner(deps.transactions);
  return {
    oeeReport: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { machineSearch: query.search }, oeeReport),
    oeeRows: async (actor: Actor, query: RangeQuery) =>
      oeeCsvRows(await inScope(actor, query, { machineSearch: query.search }, oeeReport)),
  };
}
