import { MACHINE_STATUSES, type MachineStatus } from '@kerf/contracts';
import { describe, expect, it } from 'vitest';
import { knivesFor, machineTimeline, scheduleState, type TimelineStep } from './simulation';

const MINUTE = 60_000;
const START = Date.UTC(2026, 2, 2, 9, 0); // a Monday morning

function take(steps: Iterable<TimelineStep>) {
  return [...steps];
}

function statusesOf(steps: TimelineStep[]): MachineStatus[] {
  return steps.flatMap((step) =>
    'event' in step && step.event.type === 'status' ? [step.event.status] : [],
  );
}

/** The status a machine shows at `at`: the last status change at or before it. */
function statusAt(steps: TimelineStep[], at: number): MachineStatus | null {
  let current: MachineStatus | null = null;
  for (const step of steps) {
    if (step.at > at) break;
    if ('event' in step && step.event.type === 'status') current = step.event.status;
  }
  return current;
}

describe('demo pace', () => {
  const demo = (index: number, minutes: number) =>
    take(
      machineTimeline(
        { seed: 1000 + index, knives: knivesFor(`PM-SIM-${index}`, index), pace: 'demo', stagger: index },
        START,
        START + minutes * MINUTE,
      ),
    );

  it('goes through every status, a knife swap and an outage within 20 minutes, on every machine', () => {
    for (let index = 0; index < 5; index++) {
      const steps = demo(index, 20);
      expect(new Set(statusesOf(steps))).toEqual(new Set(MACHINE_STATUSES));
      const knifeEvents = steps.flatMap((s) =>
        'event' in s && s.event.type.startsWith('knife-') ? [s] : [],
      );
      expect(knifeEvents.length).toBeGreaterThanOrEqual(3); // inserted at start, then removed + inserted
      expect(steps.some((s) => 'offline' in s && s.offline >= 30_000)).toBe(true);
      expect(steps.filter((s) => 'event' in s && s.event.type === 'cut').length).toBeGreaterThan(50);
    }
  });

  it('is mostly cutting and never stuck: no status lasts longer than two and a half minutes', () => {
    const steps = demo(0, 60);
    const changes = steps.filter((s) => 'event' in s && s.event.type === 'status');
    for (let i = 1; i < changes.length; i++)
      expect(changes[i]!.at - changes[i - 1]!.at).toBeLessThan(150_000);
  });

  it('starts the five machines in five different states', () => {
    const fleet = [0, 1, 2, 3, 4].map((index) => demo(index, 10));
    const atFiveSeconds = fleet.map((steps) => statusAt(steps, START + 5_000));
    expect(new Set(atFiveSeconds).size).toBe(5);
  });

  it('is deterministic with a seed', () => {
    expect(demo(2, 15)).toEqual(demo(2, 15));
    expect(demo(2, 15)).not.toEqual(
      take(machineTimeline({ seed: 7, knives: knivesFor('X', 2), pace: 'demo' }, START, START + 15 * MINUTE)),
    );
  });
});

describe('the schedule of a shift calendar', () => {
  // Monday 2026-03-02 in Berlin (UTC+1): 06:00–14:00 with a break 10:00–10:30, then a Saturday shift
  const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, day, hour - 1, minute);
  const schedule = {
    shifts: [
      { start: at(2, 6), end: at(2, 14), breaks: [{ start: at(2, 10), end: at(2, 10, 30) }] },
      { start: at(7, 6), end: at(7, 12), breaks: [] },
    ],
  };

  it('works inside a shift, breaks in its planned break, and rests in between and after', () => {
    expect(scheduleState(schedule, at(2, 5))).toEqual({
      working: false,
      until: at(2, 6),
      onBreak: false,
      shift: null,
    });
    expect(scheduleState(schedule, at(2, 6))).toEqual({
      working: true,
      until: at(2, 10),
      onBreak: false,
      shift: 0,
    });
    expect(scheduleState(schedule, at(2, 10, 15))).toEqual({
      working: true,
      until: at(2, 10, 30),
      onBreak: true,
      shift: 0,
    });
    expect(scheduleState(schedule, at(2, 12))).toEqual({
      working: true,
      until: at(2, 14),
      onBreak: false,
      shift: 0,
    });
    expect(scheduleState(schedule, at(2, 14))).toEqual({
      working: false,
      until: at(7, 6),
      onBreak: false,
      shift: null,
    });
    expect(scheduleState(schedule, at(7, 11))).toMatchObject({ working: true, shift: 1 });
    expect(scheduleState(schedule, at(7, 12))).toEqual({
      working: false,
      until: Number.MAX_SAFE_INTEGER,
      onBreak: false,
      shift: null,
    });
  });

  it('drives the machine: paused outside the shifts, on break in the planned break, cutting in the shift', () => {
    const steps = take(
      machineTimeline({ seed: 5, knives: knivesFor('PM-115-0001', 0), schedule }, at(1, 0), at(8, 0)),
    );
    expect(statusAt(steps, at(2, 5))).toBe('PAUSED');
    expect(statusAt(steps, at(2, 10, 15))).toBe('BREAK');
    expect(statusAt(steps, at(4, 9))).toBe('PAUSED'); // Wednesday: no shift in this schedule
    const cutsIn = (from: number, to: number) =>
      steps.filter((s) => 'event' in s && s.event.type === 'cut' && s.at >= from && s.at < to).length;
    expect(cutsIn(at(2, 6), at(2, 14))).toBeGreaterThan(500);
    expect(cutsIn(at(7, 6), at(7, 12))).toBeGreaterThan(500);
    // the cut under way when the shift ends lands a few seconds after it, as in the UTC shifts
    expect(cutsIn(at(2, 14, 1), at(7, 6))).toBe(0);
  });
});

describe('shift pace', () => {
  const week = take(
    machineTimeline({ seed: 3, knives: knivesFor('PM-115-0001', 0) }, START - 7 * 24 * 60 * MINUTE, START),
  );

  it('has every status in a week, pauses outside the shifts and a break in each shift', () => {
    expect(new Set(statusesOf(week))).toEqual(new Set(MACHINE_STATUSES));
    // Sunday noon: no shift
    expect(statusAt(week, Date.UTC(2026, 2, 1, 12, 0))).toBe('PAUSED');
    // Friday 10:15: the early shift's break
    expect(statusAt(week, Date.UTC(2026, 1, 27, 10, 15))).toBe('BREAK');
  });

  it('cuts a few hundred times per productive hour and swaps knives every 2,000–5,000 cuts', () => {
    const cuts = week.filter((s) => 'event' in s && s.event.type === 'cut');
    const workingHours = 5 * 16;
    expect(cuts.length / workingHours).toBeGreaterThan(150);
    expect(cuts.length / workingHours).toBeLessThan(600);
    let since = 0;
    const stints: number[] = [];
    for (const step of week) {
      if (!('event' in step)) continue;
      if (step.event.type === 'cut') since += 1;
      if (step.event.type === 'knife-removed') {
        stints.push(since);
        since = 0;
      }
    }
    expect(stints.length).toBeGreaterThan(2);
    for (const stint of stints.slice(1)) expect(stint).toBeGreaterThanOrEqual(2000);
    for (const stint of stints) expect(stint).toBeLessThanOrEqual(5000);
  });

  it("uses the demo shop's seeded knives for the demo machines", () => {
    expect(knivesFor('PM-115-0001', 0)).toEqual(['E280116000000001', 'E280116000000002', 'E280116000000003']);
    expect(knivesFor('PM-137-0005', 3)).toEqual(['E280116000000011', 'E280116000000012']);
  });
});
