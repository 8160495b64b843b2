/**
 * The arithmetic of the charts, kept apart from drawing so it can be tested: axis scales, the
 * placement of time spans on a timeline, and Pareto shares.
 */

/** The smallest "round" number ≥ value (1, 2, 2.5, 5 × 10ⁿ), so axis ticks read easily; 1 for 0. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (value <= step * magnitude) return step * magnitude;
  }
  return 10 * magnitude;
}

/** Whether a tick step reads easily: 1, 2 or 5 × 10ⁿ (not 2.5, 6.25, 125, 375). */
function isRoundStep(step: number): boolean {
  if (!(step > 0)) return false;
  const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
  return [1, 2, 5, 10].some((round) => Math.abs(mantissa - round) < 1e-6);
}

/**
 * Evenly spaced ticks from 0 to `max` (a `niceMax`), each a round number: five steps when that
 * makes them round (25 → 0, 5 … 25; 500 → 0, 100 … 500), else four (200 → 0, 50 … 200). With
 * `count`, exactly that many steps.
 */
export function axisTicks(max: number, count?: number): number[] {
  const steps = count ?? [5, 4].find((n) => isRoundStep(max / n)) ?? 4;
  return Array.from({ length: steps + 1 }, (_, i) => (max * i) / steps);
}

export interface TimeSpan {
  from: string | number;
  to: string | number;
}

/**
 * Where each span sits on a timeline from `from` to `to`: its start offset and width as shares of
 * the whole (0–1), clipped to the timeline; spans outside it get width 0.
 */
export function placeSpans(
  spans: readonly TimeSpan[],
  from: string | number,
  to: string | number,
): { offset: number; width: number }[] {
  const start = new Date(from).getTime();
  const end = new Date(to).getTime();
  const total = end - start;
  return spans.map((span) => {
    if (!(total > 0)) return { offset: 0, width: 0 };
    const a = Math.min(Math.max(new Date(span.from).getTime(), start), end);
    const b = Math.min(Math.max(new Date(span.to).getTime(), start), end);
    return { offset: (a - start) / total, width: Math.max(0, b - a) / total };
  });
}

/** Cumulative shares of values already sorted largest first: [6, 3, 1] → [0.6, 0.9, 1]. */
export function cumulativeShares(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  let running = 0;
  return values.map((value) => {
    running += value;
    return total > 0 ? running / total : 0;
  });
}

/** Shows every n-th label so that at most `max` labels fit under the bars. */
export function labelStep(count: number, max: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, max)));
}

/**
 * Short labels for identifiers that share a long beginning (RFIDs E280116000000004, …05): each
 * one's part after what all share, at least `min` characters, after an ellipsis — "…0004", "…0005".
 * Identifiers that differ early stay whole.
 */
export function distinctTails(ids: readonly string[], min = 4): string[] {
  if (ids.length < 2) return [...ids];
  let shared = 0;
  const first = ids[0]!;
  while (shared < first.length && ids.every((id) => id[shared] === first[shared])) shared += 1;
  if (shared < 3) return [...ids];
  return ids.map((id) => {
    const cut = Math.min(shared, Math.max(0, id.length - min));
    return cut > 0 ? `…${id.slice(cut)}` : id;
  });
}
