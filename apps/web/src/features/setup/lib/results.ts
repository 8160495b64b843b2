import {
  isRunOutdated,
  type SetupAdvice,
  type SetupCheck,
  type SetupCheckResult,
  type SetupCheckRun,
} from '@kerf/contracts';

/** One root cause of a run: its advice, said once, and the checks it made fail (or warn). */
export interface RootCause {
  advice: SetupAdvice;
  state: 'ERROR' | 'WARNING';
  checks: SetupCheck[];
}

const notPassed = (c: SetupCheckResult) => c.state === 'ERROR' || c.state === 'WARNING';

/**
 * The causes that several checks share (issue 32: one root cause is one alert with its
 * consequences listed under it, never the same advice eight times), in the assistant's order.
 */
export function rootCauses(run: Pick<SetupCheckRun, 'checks'>): RootCause[] {
  const byAdvice = new Map<SetupAdvice, RootCause>();
  for (const check of run.checks) {
    if (!notPassed(check) || !check.advice) continue;
    const cause = byAdvice.get(check.advice);
    if (cause) {
      cause.checks.push(check.check);
      if (check.state === 'ERROR') cause.state = 'ERROR';
    } else
      byAdvice.set(check.advice, {
        advice: check.advice,
        state: check.state as 'ERROR' | 'WARNING',
        checks: [check.check],
      });
  }
  return [...byAdvice.values()].filter((cause) => cause.checks.length > 1);
}

/**
 * How many distinct problems a run has: failed checks that share an advice count once. The end
 * check says this number, so it agrees with the alerts the page shows.
 */
export function problemCount(run: Pick<SetupCheckRun, 'checks'>, state: 'ERROR' | 'WARNING'): number {
  const seen = new Set<string>();
  let count = 0;
  for (const check of run.checks) {
    if (check.state !== state) continue;
    if (!check.advice) count++;
    else if (!seen.has(check.advice)) {
      seen.add(check.advice);
      count++;
    }
  }
  return count;
}

/** A finished run older than a day: its results are shown with their age, never as current. */
export function outdated(
  run: Pick<SetupCheckRun, 'state' | 'startedAt' | 'finishedAt'>,
  now: number,
): boolean {
  return run.state !== 'RUNNING' && isRunOutdated(run, now);
}
