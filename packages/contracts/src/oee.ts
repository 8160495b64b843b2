import { z } from 'zod';
import { CsvFileSchema, IdParamsSchema } from './common';
import { ReportCsvQuerySchema, ReportMachineSchema, ReportRangeQuerySchema } from './report';
import { defineRoute } from './route';
import type { MachineStatus } from './telemetry';

// ---------------------------------------------------------------------------------------------
// OEE (overall equipment effectiveness, issue 36) in the report server: how much of the time a
// location planned to cut (its shift calendar) became good cuts at the machine's ideal rate.
//
//   availability = run time ÷ planned time      (RUNNING inside planned time; planned breaks are not
//                                                planned time, so they never count against it)
//   performance  = cuts ÷ (run time × ideal cut rate)
//   quality      = good cuts ÷ cuts of the orders whose operator recorded rejects at close
//   OEE          = availability × performance × quality
//
// A figure that cannot be known is `null` and the screens say "not measured", never 100 %: no
// planned time (availability), no ideal rate or no run time (performance), no order closed with
// rejects recorded (quality); OEE is null when any of its three is.
//
// Each planned interval belongs to its shift occurrence: the shift's name and the local date it
// begins on in the location's time zone (a night shift counts on the day it begins). Time and cuts
// outside planned time are left out of every figure.

/**
 * The six big losses. Four are time (seconds of planned time), two are cuts:
 * - BREAKDOWNS: machine maintenance during planned time;
 * - SETUP_AND_ADJUSTMENTS: knife swap, knife calibration, machine cleaning;
 * - SMALL_STOPS: the interruption reasons, material logistics and disposal, pauses and breaks
 *   beyond the planned ones;
 * - REDUCED_SPEED: run time not turned into cuts at the ideal rate (run time − cuts ÷ ideal rate);
 * - STARTUP_REJECTS and PRODUCTION_REJECTS: rejected cuts as the operator recorded them at order close.
 * Planned time with no status reported (machine off or offline) is `noDataSeconds`: it counts against
 * availability and is shown as unknown, not given a reason.
 */
export const OEE_LOSSES = [
  'BREAKDOWNS',
  'SETUP_AND_ADJUSTMENTS',
  'SMALL_STOPS',
  'REDUCED_SPEED',
  'STARTUP_REJECTS',
  'PRODUCTION_REJECTS',
] as const;
export const OeeLossSchema = z.enum(OEE_LOSSES).meta({ id: 'OeeLoss' });
export type OeeLoss = z.infer<typeof OeeLossSchema>;

/** The time losses each non-running status counts as, inside planned time. */
export const OEE_LOSS_OF_STATUS: Record<Exclude<MachineStatus, 'RUNNING'>, OeeLoss> = {
  SUPPORT_CUTTING_MACHINE_MAINTENANCE: 'BREAKDOWNS',
  KNIFE_SWAP: 'SETUP_AND_ADJUSTMENTS',
  KNIFE_CALIBRATION: 'SETUP_AND_ADJUSTMENTS',
  SUPPORT_CUTTING_MACHINE_CLEANING: 'SETUP_AND_ADJUSTMENTS',
  INTERRUPTION_PRINTING_MATERIAL_FAULTY: 'SMALL_STOPS',
  INTERRUPTION_PRINTING_MATERIAL_MISPRINT: 'SMALL_STOPS',
  INTERRUPTION_PRINTING_MATERIAL_MISSING: 'SMALL_STOPS',
  INTERRUPTION_PRINTING_WASTE_DISPOSAL: 'SMALL_STOPS',
  SUPPORT_PRINTING_MATERIAL_DISPOSAL: 'SMALL_STOPS',
  SUPPORT_PRINTING_MATERIAL_LOGISTICS: 'SMALL_STOPS',
  PAUSED: 'SMALL_STOPS',
  BREAK: 'SMALL_STOPS',
};

const ratio = z.number().min(0).nullable();
const wholeSeconds = z.number().int().min(0);

export const OeeFiguresSchema = z
  .object({
    /** planned production time (shifts minus planned breaks and holidays) */
    plannedSeconds: wholeSeconds,
    /** RUNNING inside planned time */
    runSeconds: wholeSeconds,
    /** planned time with no status reported */
    noDataSeconds: wholeSeconds,
    /** cuts inside planned time */
    cuts: z.number().int().min(0),
    /** cuts of the orders closed with rejects recorded (the base of quality) */
    measuredCuts: z.number().int().min(0),
    startupRejects: z.number().int().min(0),
    productionRejects: z.number().int().min(0),
    availability: ratio,
    performance: ratio,
    quality: ratio,
    oee: ratio,
    /** seconds for the four time losses, cuts for the two reject losses */
    losses: z.array(z.object({ loss: OeeLossSchema, amount: z.number().int().min(0) })),
  })
  .meta({ id: 'OeeFigures' });
export type OeeFigures = z.infer<typeof OeeFiguresSchema>;

export const IdealCutRateSourceSchema = z
  .enum(['CONFIGURED', 'BEST_HOUR_30_DAYS', 'NONE'])
  .meta({ id: 'IdealCutRateSource' });
export type IdealCutRateSource = z.infer<typeof IdealCutRateSourceSchema>;

export const OeeReportSchema = z
  .object({
    /** one row per machine of the scope, over the whole period */
    machines: z.array(
      z.object({
        machine: ReportMachineSchema,
        /** cuts per hour the performance is measured against; null: none known */
        idealCutsPerHour: z.number().int().min(1).nullable(),
        idealCutsPerHourSource: IdealCutRateSourceSchema,
        figures: OeeFiguresSchema,
      }),
    ),
    /** one row per location of the scope (its machines summed) */
    locations: z.array(
      z.object({
        locationId: z.uuid().nullable(),
        locationName: z.string().nullable(),
        /** whether the location has a shift calendar; without one nothing is planned */
        hasCalendar: z.boolean(),
        figures: OeeFiguresSchema,
      }),
    ),
    /** one row per location and shift name over the period */
    shifts: z.array(
      z.object({
        locationId: z.uuid().nullable(),
        locationName: z.string().nullable(),
        shift: z.string(),
        figures: OeeFiguresSchema,
      }),
    ),
    /** the trend: one row per local date (the shift occurrence's date), all machines of the scope */
    days: z.array(z.object({ date: z.iso.date(), figures: OeeFiguresSchema })),
    /** the scope's total */
    total: OeeFiguresSchema,
  })
  .meta({ id: 'OeeReport' });
export type OeeReport = z.infer<typeof OeeReportSchema>;

const WHY_OEE =
  'Issue 36: product.md §7 "Report server" has no OEE; it measures run time against planned production time (the shift calendar).';

export const getOeeReport = defineRoute({
  module: 'report',
  method: 'GET',
  path: '/reports/oee',
  summary:
    'OEE (availability × performance × quality) and the six big losses per machine, location, shift and local date, against the shift calendars',
  specAddition: WHY_OEE,
  access: 'reports:read',
  apiScope: 'reports:read',
  query: ReportRangeQuerySchema,
  responses: { 200: OeeReportSchema },
  errors: [],
});

export const exportOeeReport = defineRoute({
  module: 'report',
  method: 'GET',
  path: '/reports/oee/csv-exports',
  summary: "The OEE report as CSV, one row per machine, location, shift and date (lang: the user's language)",
  specAddition: WHY_OEE,
  access: 'reports:read',
  apiScope: 'reports:read',
  query: ReportCsvQuerySchema,
  responses: { 200: CsvFileSchema },
  errors: [],
});

/** The most cuts per hour an ideal rate may say (a guillotine cuts a few times a minute). */
export const MAX_IDEAL_CUTS_PER_HOUR = 3600;

export const IdealCutRateSchema = z
  .object({
    machineId: z.uuid(),
    /** the configured rate, null when none is configured */
    configuredCutsPerHour: z.number().int().min(1).nullable(),
    /** the rate in use now: the configured one, else the best hour of the last 30 days */
    cutsPerHour: z.number().int().min(1).nullable(),
    source: IdealCutRateSourceSchema,
  })
  .meta({ id: 'IdealCutRate' });
export type IdealCutRate = z.infer<typeof IdealCutRateSchema>;

export const IdealCutRateRequestSchema = z
  .strictObject({
    /** null: use the best hour of the last 30 days */
    cutsPerHour: z.number().int().min(1).max(MAX_IDEAL_CUTS_PER_HOUR).nullable(),
  })
  .meta({ id: 'IdealCutRateRequest' });
export type IdealCutRateRequest = z.input<typeof IdealCutRateRequestSchema>;

export const getIdealCutRate = defineRoute({
  module: 'report',
  method: 'GET',
  path: '/cutting-machines/:id/ideal-cut-rate',
  summary: "A machine's ideal cut rate: configured, or the best hour of the last 30 days",
  specAddition: WHY_OEE,
  // machines:read, not reports:read: the admin who sets it (machines:manage) reads it back in the
  // machine's settings, and holds no reports:read; managers and operators hold machines:read too
  access: 'machines:read',
  apiScope: 'reports:read',
  params: IdParamsSchema,
  responses: { 200: IdealCutRateSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});

export const putIdealCutRate = defineRoute({
  module: 'report',
  method: 'PUT',
  path: '/cutting-machines/:id/ideal-cut-rate',
  summary: "Set a machine's ideal cut rate (null: back to the best hour of the last 30 days)",
  specAddition: WHY_OEE,
  access: 'machines:manage',
  params: IdParamsSchema,
  body: IdealCutRateRequestSchema,
  responses: { 200: IdealCutRateSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});
