import { MACHINE_STATUSES, type MachineStatus } from '@kerf/contracts';
import type { NewEvent } from './agent';

/**
 * Behaviour of one guillotine cutter (research/mission.md D1–D3): 6–15 cuts per running minute
 * with handling gaps (a few hundred cuts per productive hour), knife changes every 2,000–5,000 cuts
 * (HSS: mean 3,500, σ 700) with swap and calibration times, interruptions and support times with
 * the spec's reasons, a break per shift, two shifts on working days. Deterministic per seed.
 */
export interface MachineModelOptions {
  seed: number;
  /** the machine's knives; one is in the machine, the others are spares or at the grinder */
  knives: string[];
  /** live demo: no shifts or weekends, so there is always something to see */
  alwaysOn?: boolean;
}

export interface TimedEvent {
  at: number;
  event: NewEvent;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const INTERRUPTIONS = MACHINE_STATUSES.filter((s) => s.startsWith('INTERRUPTION_'));
const SUPPORT_TIMES = MACHINE_STATUSES.filter((s) => s.startsWith('SUPPORT_'));

/** mulberry32: small, fast, good enough for simulation */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = (mean: number, sd: number) => {
    const u = 1 - next();
    const v = next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  return {
    next,
    normal,
    exponential: (mean: number) => -Math.log(1 - next()) * mean,
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/** Working time: Monday–Friday, early shift 06–14, late shift 14–22 (UTC); a 30-minute break mid-shift. */
function shiftState(at: number): { working: boolean; until: number; onBreak: boolean } {
  const date = new Date(at);
  const day = date.getUTCDay();
  const dayStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const hour = (at - dayStart) / HOUR;
  if (day === 0 || day === 6 || hour < 6 || hour >= 22) {
    let next = hour < 6 ? dayStart + 6 * HOUR : dayStart + 30 * HOUR;
    while ([0, 6].includes(new Date(next).getUTCDay())) next += 24 * HOUR;
    return { working: false, until: next, onBreak: false };
  }
  const shiftStart = hour < 14 ? 6 : 14;
  const breakStart = dayStart + (shiftStart + 4) * HOUR;
  if (at >= breakStart && at < breakStart + 30 * MINUTE)
    return { working: true, until: breakStart + 30 * MINUTE, onBreak: true };
  return {
    working: true,
    until: at < breakStart ? breakStart : dayStart + (shiftStart + 8) * HOUR,
    onBreak: false,
  };
}

export function* machineTimeline(
  options: MachineModelOptions,
  start: number,
  end: number,
): Generator<TimedEvent> {
  const rng = randomSource(options.seed);
  const knifeLife = () => Math.round(Math.min(5000, Math.max(2000, rng.normal(3500, 700))));
  let knifeIndex = Math.floor(rng.next() * options.knives.length);
  let knife = options.knives[knifeIndex]!;
  let life = knifeLife();
  let knifeCuts = Math.floor(rng.next() * life * 0.7);
  let status: MachineStatus | null = null;
  let t = start;
  const setStatus = (next: MachineStatus): TimedEvent[] => {
    if (next === status) return [];
    status = next;
    return [{ at: t, event: { type: 'status', status: next } }];
  };

  yield { at: t, event: { type: 'knife-inserted', rfid: knife } };
  while (t < end) {
    const shift = options.alwaysOn ? { working: true, until: end, onBreak: false } : shiftState(t);
    if (!shift.working) {
      yield* setStatus('PAUSED');
      t = shift.until;
      continue;
    }
    if (shift.onBreak) {
      yield* setStatus('BREAK');
      t = shift.until;
      continue;
    }
    yield* setStatus('RUNNING');
    const gap = rng.exponential(6000) + 2500; // ~7 cuts per running minute with handling
    if (rng.next() < gap / (80 * MINUTE)) {
      yield* setStatus(rng.pick(INTERRUPTIONS));
      t += rng.between(2, 15) * MINUTE;
      continue;
    }
    if (rng.next() < gap / (110 * MINUTE)) {
      yield* setStatus(rng.pick(SUPPORT_TIMES));
      t += rng.between(5, 20) * MINUTE;
      continue;
    }
    t += gap;
    if (t >= end) break;
    yield { at: t, event: { type: 'cut', knifeRfid: knife } };
    knifeCuts += 1;
    if (knifeCuts >= life) {
      yield* setStatus('KNIFE_SWAP');
      t += rng.between(1, 2) * MINUTE;
      yield { at: t, event: { type: 'knife-removed', rfid: knife } };
      knifeIndex = (knifeIndex + 1) % options.knives.length;
      knife = options.knives[knifeIndex]!;
      t += rng.between(8, 18) * MINUTE;
      yield { at: t, event: { type: 'knife-inserted', rfid: knife } };
      yield* setStatus('KNIFE_CALIBRATION');
      t += rng.between(3, 6) * MINUTE;
      knifeCuts = 0;
      life = knifeLife();
    }
  }
}

/** RFIDs of a machine's knife set: three per machine (in the machine, spare, at the grinder). */
export function knivesFor(serial: string, index: number): string[] {
  const base = (index * 3 + 1) % 0xffff;
  void serial;
  return [0, 1, 2].map((k) => `E28011700000${(base + k).toString(16).toUpperCase().padStart(4, '0')}`);
}
