import { MACHINE_STATUSES, type MachineStatus, type TelemetryEvent } from '@kerf/contracts';

/**
 * Behaviour of one guillotine cutter as printing shops run them. Pure and deterministic per seed;
 * the live simulator and `kerf-edge history` drive agents with it, and the server's demo history
 * (apps/server/src/demo/history.ts) writes weeks of it through the telemetry write path, so it
 * imports nothing but the contracts (`@kerf/edge/simulation`).
 *
 * Two paces:
 * - `shift` (history): 6–15 cuts per running minute with handling gaps, knife changes every
 *   2,000–5,000 cuts (HSS: mean 3,500, σ 700) with swap and calibration times, interruptions and
 *   support times with the spec's reasons, a break per shift, two shifts on working days.
 * - `demo` (what `npm start` shows): a shift compressed into minutes. Each machine goes through
 *   every interruption and support reason, a break, a pause, a knife swap with calibration and now
 *   and then a short network outage in one cycle of about nine minutes; machines start in different
 *   states so that the five demo machines never look alike.
 */
export interface MachineModelOptions {
  seed: number;
  /** the machine's knives; one is in the machine, the others are spares or at the grinder */
  knives: string[];
  /** `shift` (default): real time with shifts and weekends; `demo`: a shift within minutes */
  pace?: 'shift' | 'demo';
  /** `shift` pace: no shifts or weekends (load and crash tests want cuts at any hour) */
  alwaysOn?: boolean;
  /** `demo` pace: which machine of the fleet this is, so that machines start in different states */
  stagger?: number;
  /**
   * `shift` pace: the machine's working time from its location's shift calendar (the demo history
   * passes it, so that a report against the calendar finds the machines working when it plans them
   * to); without it, `shiftState`'s UTC shifts Monday to Friday.
   */
  schedule?: WorkSchedule;
}

/** Working time as instants: shifts ordered by start, each with its planned breaks. */
export interface WorkSchedule {
  shifts: readonly { start: number; end: number; breaks: readonly { start: number; end: number }[] }[];
}

/** An event as the agent records it: the agent stamps seq (and `at`, when missing). */
export type SimulatedEvent = TelemetryEvent extends infer E
  ? E extends TelemetryEvent
    ? Omit<E, 'seq' | 'at'> & { at?: string }
    : never
  : never;

export interface TimedEvent {
  at: number;
  event: SimulatedEvent;
}

/** `demo` pace only: the machine's network goes away for `offline` ms (the agent disconnects). */
export interface NetworkOutage {
  at: number;
  offline: number;
}

export type TimelineStep = TimedEvent | NetworkOutage;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const INTERRUPTIONS = MACHINE_STATUSES.filter((s) => s.startsWith('INTERRUPTION_'));
export const SUPPORT_TIMES = MACHINE_STATUSES.filter((s) => s.startsWith('SUPPORT_'));

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
    shuffle: <T>(items: readonly T[]) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}

/**
 * Working time: Monday–Friday, early shift 06–14, late shift 14–22 (UTC); a 30-minute break mid-shift.
 * `shift` numbers the shift (early or late) the moment belongs to; null outside working time.
 */
export function shiftState(at: number): {
  working: boolean;
  until: number;
  onBreak: boolean;
  shift: number | null;
} {
  const date = new Date(at);
  const day = date.getUTCDay();
  const dayStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const hour = (at - dayStart) / HOUR;
  if (day === 0 || day === 6 || hour < 6 || hour >= 22) {
    let next = hour < 6 ? dayStart + 6 * HOUR : dayStart + 30 * HOUR;
    while ([0, 6].includes(new Date(next).getUTCDay())) next += 24 * HOUR;
    return { working: false, until: next, onBreak: false, shift: null };
  }
  const shiftStart = hour < 14 ? 6 : 14;
  const shift = Math.round(dayStart / (8 * HOUR)) + (shiftStart === 6 ? 0 : 1);
  const breakStart = dayStart + (shiftStart + 4) * HOUR;
  if (at >= breakStart && at < breakStart + 30 * MINUTE)
    return { working: true, until: breakStart + 30 * MINUTE, onBreak: true, shift };
  return {
    working: true,
    until: at < breakStart ? breakStart : dayStart + (shiftStart + 8) * HOUR,
    onBreak: false,
    shift,
  };
}

/**
 * `shiftState` over a shift calendar's schedule: working inside a shift, on a break inside one of its
 * planned breaks; `shift` is the shift's place in the schedule. After the last shift nothing is worked.
 */
export function scheduleState(
  schedule: WorkSchedule,
  at: number,
): { working: boolean; until: number; onBreak: boolean; shift: number | null } {
  const { shifts } = schedule;
  // the last shift that began at or before `at`
  let low = 0;
  let high = shifts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (shifts[middle]!.start <= at) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const current = found >= 0 ? shifts[found] : undefined;
  if (!current || at >= current.end) {
    const next = shifts[found + 1];
    return {
      working: false,
      until: next ? next.start : Number.MAX_SAFE_INTEGER,
      onBreak: false,
      shift: null,
    };
  }
  let until = current.end;
  for (const pause of current.breaks) {
    if (at >= pause.start && at < pause.end)
      return { working: true, until: pause.end, onBreak: true, shift: found };
    if (pause.start > at) until = Math.min(until, pause.start);
  }
  return { working: true, until, onBreak: false, shift: found };
}

/** Where the machine's working time comes from: its schedule, else the UTC shifts of `shiftState`. */
export const workingTime = (options: Pick<MachineModelOptions, 'schedule'>, at: number) =>
  options.schedule ? scheduleState(options.schedule, at) : shiftState(at);

export function* machineTimeline(
  options: MachineModelOptions,
  start: number,
  end: number,
): Generator<TimelineStep> {
  if (options.pace === 'demo') yield* demoTimeline(options, start, end);
  else yield* shiftTimeline(options, start, end);
}

function* shiftTimeline(options: MachineModelOptions, start: number, end: number): Generator<TimedEvent> {
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
    const shift = options.alwaysOn ? { working: true, until: end, onBreak: false } : workingTime(options, t);
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

type Episode = MachineStatus | 'KNIFE_CHANGE' | 'OFFLINE';

/** What a demo machine does first, by its place in the fleet: five machines, five different states. */
const DEMO_OPENERS: (Episode | null)[] = [
  null, // cutting
  'INTERRUPTION_PRINTING_MATERIAL_MISSING',
  'SUPPORT_CUTTING_MACHINE_CLEANING',
  'BREAK',
  'KNIFE_CHANGE',
];

function* demoTimeline(options: MachineModelOptions, start: number, end: number): Generator<TimelineStep> {
  const rng = randomSource(options.seed);
  let knifeIndex = Math.floor(rng.next() * options.knives.length);
  let knife = options.knives[knifeIndex]!;
  let status: MachineStatus | null = null;
  let t = start;
  const setStatus = (next: MachineStatus): TimedEvent[] => {
    if (next === status) return [];
    status = next;
    return [{ at: t, event: { type: 'status', status: next } }];
  };
  const cycle: Episode[] = [...INTERRUPTIONS, ...SUPPORT_TIMES, 'BREAK', 'PAUSED', 'KNIFE_CHANGE'];

  function* episode(kind: Episode): Generator<TimelineStep> {
    if (kind === 'OFFLINE') {
      // The agent disconnects and reconnects; the machine keeps its status meanwhile.
      const offline = rng.between(40, 70) * SECOND;
      yield { at: t, offline };
      t += offline;
    } else if (kind === 'KNIFE_CHANGE') {
      yield* setStatus('KNIFE_SWAP');
      t += rng.between(8, 15) * SECOND;
      yield { at: t, event: { type: 'knife-removed', rfid: knife } };
      knifeIndex = (knifeIndex + 1) % options.knives.length;
      knife = options.knives[knifeIndex]!;
      t += rng.between(15, 25) * SECOND;
      yield { at: t, event: { type: 'knife-inserted', rfid: knife } };
      yield* setStatus('KNIFE_CALIBRATION');
      t += rng.between(15, 25) * SECOND;
    } else {
      yield* setStatus(kind);
      t += (kind === 'BREAK' ? rng.between(25, 40) : rng.between(12, 25)) * SECOND;
    }
  }

  function* running(): Generator<TimelineStep> {
    yield* setStatus('RUNNING');
    const until = t + rng.between(15, 30) * SECOND;
    while (t < until && t < end) {
      t += rng.between(2, 5) * SECOND;
      yield { at: t, event: { type: 'cut', knifeRfid: knife } };
    }
  }

  yield { at: t, event: { type: 'knife-inserted', rfid: knife } };
  const opener = DEMO_OPENERS[(options.stagger ?? 0) % DEMO_OPENERS.length] ?? null;
  if (opener) yield* episode(opener);
  for (let round = 0; t < end; round++) {
    const episodes = rng.shuffle(cycle);
    // Every other cycle the network drops out for about a minute.
    if (round % 2 === (options.stagger ?? 0) % 2)
      episodes.splice(Math.floor(rng.next() * episodes.length), 0, 'OFFLINE');
    for (const next of episodes) {
      if (t >= end) return;
      yield* running();
      if (t >= end) return;
      yield* episode(next);
    }
  }
}

/**
 * The knives of the demo shop's machines, as the server seeds them (RFIDs E2801160…01–12; the first
 * eight at Werk Nord, the others at Werk Süd); other machines get three knives of their own.
 */
const DEMO_KNIVES: Record<string, number[]> = {
  'PM-115-0001': [1, 2, 3],
  'PM-115-0002': [4, 5, 6],
  'PM-137-0003': [7, 8],
  'PM-92-0004': [9, 10],
  'PM-137-0005': [11, 12],
};

/** RFIDs of a machine's knife set (in the machine, spare, at the grinder). */
export function knivesFor(serial: string, index: number): string[] {
  const demo = DEMO_KNIVES[serial];
  if (demo) return demo.map((n) => `E2801160${String(n).padStart(8, '0')}`);
  const base = (index * 3 + 1) % 0xffff;
  return [0, 1, 2].map((k) => `E28011700000${(base + k).toString(16).toUpperCase().padStart(4, '0')}`);
}
