import { OEE_LOSSES, type OeeFigures } from '@kerf/contracts';

/*
 * The sums OEE is computed from, and the figures of a group of them (contracts `oee.ts`). Every group
 * (a machine, a location, a shift, a date, the total) adds up the sums of its machines and shift
 * occurrences; its ratios come from its own sums, never from averaged ratios. Pure.
 */

export interface OeeSums {
  /** planned production time, seconds */
  planned: number;
  /** RUNNING inside planned time */
  run: number;
  /** any status inside planned time (the rest of planned time is no data) */
  covered: number;
  breakdowns: number;
  setup: number;
  smallStops: number;
  /** cuts inside planned time */
  cuts: number;
  /** run time of the machines with an ideal rate: the base of performance */
  ratedRun: number;
  /** those machines' cuts at their ideal rate, in seconds (cuts × 3600 ÷ rate) */
  idealSeconds: number;
  /** cuts of the orders closed with rejects recorded */
  measuredCuts: number;
  startupRejects: number;
  productionRejects: number;
}

export const emptySums = (): OeeSums => ({
  planned: 0,
  run: 0,
  covered: 0,
  breakdowns: 0,
  setup: 0,
  smallStops: 0,
  cuts: 0,
  ratedRun: 0,
  idealSeconds: 0,
  measuredCuts: 0,
  startupRejects: 0,
  productionRejects: 0,
});

/** Adds `part` into `into` (and returns it). */
function addSums(into: OeeSums, part: OeeSums): OeeSums {
  for (const key of Object.keys(into) as (keyof OeeSums)[]) into[key] += part[key];
  return into;
}

export function sumAll(parts: Iterable<OeeSums>): OeeSums {
  const total = emptySums();
  for (const part of parts) addSums(total, part);
  return total;
}

/**
 * The figures of a group: availability = run ÷ planned; performance = cuts at the ideal rate ÷ run
 * time (over the machines with a rate: for one machine cuts ÷ (run × rate)); quality = good ÷ measured
 * cuts; each null when its base is 0, OEE null when any of them is. REDUCED_SPEED is the rated run
 * time not turned into cuts at the ideal rate (never below 0).
 */
export function oeeFigures(sums: OeeSums): OeeFigures {
  const availability = sums.planned > 0 ? sums.run / sums.planned : null;
  const performance = sums.ratedRun > 0 ? sums.idealSeconds / sums.ratedRun : null;
  const rejects = sums.startupRejects + sums.productionRejects;
  const quality = sums.measuredCuts > 0 ? Math.max(0, sums.measuredCuts - rejects) / sums.measuredCuts : null;
  const oee =
    availability === null || performance === null || quality === null
      ? null
      : availability * performance * quality;
  const amounts: Record<(typeof OEE_LOSSES)[number], number> = {
    BREAKDOWNS: Math.round(sums.breakdowns),
    SETUP_AND_ADJUSTMENTS: Math.round(sums.setup),
    SMALL_STOPS: Math.round(sums.smallStops),
    REDUCED_SPEED: sums.ratedRun > 0 ? Math.max(0, Math.round(sums.ratedRun - sums.idealSeconds)) : 0,
    STARTUP_REJECTS: Math.round(sums.startupRejects),
    PRODUCTION_REJECTS: Math.round(sums.productionRejects),
  };
  return {
    plannedSeconds: Math.round(sums.planned),
    runSeconds: Math.round(sums.run),
    noDataSeconds: Math.max(0, Math.round(sums.planned - sums.covered)),
    cuts: Math.round(sums.cuts),
    measuredCuts: Math.round(sums.measuredCuts),
    startupRejects: Math.round(sums.startupRejects),
    productionRejects: Math.round(sums.productionRejects),
    availability,
    performance,
    quality,
    oee,
    losses: OEE_LOSSES.map((loss) => ({ loss, amount: amounts[loss] })),
  };
}
