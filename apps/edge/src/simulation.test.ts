import { MACHINE_STATUSES, type MachineStatus } from '@kerf/contracts';
import { describe, expect, it } from 'vitest';
import { knivesFor, machineTimeline, type TimelineStep } from './simulation';

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
