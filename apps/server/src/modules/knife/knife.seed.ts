import type { KnifeState } from '@kerf/contracts';
import type { Tx } from '../../db/transactions';
import { findDemoMachines } from './demo.repository';
import { insertGrindingCycle, insertKnife, regrindLoss, setDemoKnifeState } from './knives.repository';

const DAY = 24 * 3600_000;

/** A small deterministic generator, so every fresh demo has the same knives. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 0x100000000;
  };
}

/** Cuts in one knife cycle: HSS about 3,500 (σ 700), clamped to 2,000–5,000. */
function cycleCuts(next: () => number, mean: number) {
  const gauss = (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return Math.round(Math.min(mean * 1.45, Math.max(mean * 0.57, mean + gauss * mean * 0.2)));
}

interface DemoKnife {
  n: number;
  knifeClassName: string;
  material: string;
  articleNumber: string;
  height: number;
  backThickness: number;
  angles: [number, number, number];
  /** grinding cycles before the demo history begins */
  cycles: number;
  /** the last seeded cycle, days before now */
  lastCycleDaysAgo: number;
  meanCuts: number;
  machine: string;
  /** knives the simulator does not play: their state and counters as the shop's records have them */
  fixed?: { state: KnifeState; cutsSinceLastGrinding: number; scannedDaysAgo: number; ownInterval?: number };
}

/** Which demo machine each knife belongs to; the simulator plays knives 1–12 (`@kerf/edge` DEMO_KNIVES). */
const MACHINE_OF = (n: number) =>
  n <= 3
    ? 'PM-115-0001'
    : n <= 6
      ? 'PM-115-0002'
      : n <= 8
        ? 'PM-137-0003'
        : n <= 10
          ? 'PM-92-0004'
          : 'PM-137-0005';

function demoKnives(): DemoKnife[] {
  const knives: DemoKnife[] = [];
  for (let n = 1; n <= 12; n++) {
    const longLife = n % 2 === 0;
    knives.push({
      n,
      knifeClassName: longLife ? 'HSS long-life' : 'HSS standard',
      material: 'HSS',
      articleNumber: `PM-K-${1150 + ((n - 1) % 3) * 110}`,
      height: 150 - (n % 4) * 2.5,
      backThickness: n % 3 === 0 ? 14 : 13.5,
      angles: [26, 24, 19 + (n % 2)],
      cycles: 4 + (n % 5),
      lastCycleDaysAgo: 95,
      meanCuts: longLife ? 4000 : 3500,
      machine: MACHINE_OF(n),
    });
  }
  // Knives the simulator does not play: spares and knives out of the loop, one of each state and urgency.
  const fixed: [string, string, NonNullable<DemoKnife['fixed']>, Partial<DemoKnife>][] = [
    ['PM-115-0001', 'SWAP_REQUIRED', { state: 'ACTIVE', cutsSinceLastGrinding: 3710, scannedDaysAgo: 2 }, {}],
    [
      'PM-115-0002',
      'SWAP_SOON',
      { state: 'ACTIVE', cutsSinceLastGrinding: 3240, scannedDaysAgo: 1, ownInterval: 3500 },
      {},
    ],
    [
      'PM-137-0003',
      'SWAP_PREFERRED',
      { state: 'ACTIVE', cutsSinceLastGrinding: 2880, scannedDaysAgo: 4 },
      {},
    ],
    [
      'PM-92-0004',
      'OK',
      { state: 'ACTIVE', cutsSinceLastGrinding: 640, scannedDaysAgo: 3 },
      { knifeClassName: 'Carbide', material: 'carbide (HM)', meanCuts: 6000, articleNumber: 'HM-920.24' },
    ],
    // on its way to the grinding shop, and received and ground there (logistics' seed sends them)
    [
      'PM-137-0005',
      'AT_GRINDER',
      { state: 'AT_GRINDER', cutsSinceLastGrinding: 3390, scannedDaysAgo: 5 },
      {},
    ],
    [
      'PM-115-0001',
      'AT_GRINDER',
      { state: 'AT_GRINDER', cutsSinceLastGrinding: 3050, scannedDaysAgo: 6 },
      {},
    ],
    [
      'PM-137-0003',
      'SCRAPPED',
      { state: 'SCRAPPED', cutsSinceLastGrinding: 0, scannedDaysAgo: 40 },
      { cycles: 38, lastCycleDaysAgo: 40 },
    ],
    // ground and shipped back by the grinding shop, not yet received (logistics' seed ships it back)
    [
      'PM-137-0005',
      'SHIPPED_BACK',
      { state: 'AT_GRINDER', cutsSinceLastGrinding: 3460, scannedDaysAgo: 7 },
      {},
    ],
  ];
  for (const [index, [machine, , state, overrides]] of fixed.entries()) {
    const n = 13 + index;
    knives.push({
      n,
      knifeClassName: 'HSS standard',
      material: 'HSS',
      articleNumber: `PM-K-${1150 + (index % 3) * 110}`,
      height: 148,
      backThickness: 13.5,
      angles: [26, 24, 19],
      cycles: 5 + (index % 3),
      lastCycleDaysAgo: 8 + index * 3,
      meanCuts: 3500,
      machine,
      fixed: state,
      ...overrides,
    });
  }
  return knives;
}

/**
 * The knives of the demo printing shop with months of grinding history: the twelve knives the
 * simulator puts into the five demo machines (their counters then move with the simulated cuts and
 * the demo history grinds them further), and eight knives out of the simulator's loop, so that the
 * knife list shows every state (in use, at the grinding shop — on its way there and received —,
 * shipped back and not yet received, scrapped) and every swap urgency from the start.
 */
export async function seedDemoKnives(tx: Tx, tenantId: string, locations: { main: string; second: string }) {
  const machines = new Map((await findDemoMachines(tx)).map((machine) => [machine.serialNumber, machine]));
  const now = Date.now();
  for (const knife of demoKnives()) {
    const next = random(7919 * knife.n);
    const rfid = `E2801160${String(knife.n).padStart(8, '0')}`;
    const machine = machines.get(knife.machine);
    const locationId = machine?.locationId ?? (knife.n <= 8 ? locations.main : locations.second);
    await insertKnife(tx, tenantId, {
      rfid,
      articleNumber: knife.articleNumber,
      knifeClassName: knife.knifeClassName,
      height: knife.height,
      backThickness: knife.backThickness,
      angleVf: knife.angles[0],
      angleHf: knife.angles[1],
      angleTm: knife.angles[2],
      carrierMaterial: 'tool steel',
      material: knife.material,
      knifeSwapInterval: knife.fixed?.ownInterval ?? null,
      locationId,
    });
    let height = knife.height;
    let cuts = 0;
    // Every 9 to 14 days back from the last one, then ground in order, oldest first.
    const daysAgo = [knife.lastCycleDaysAgo];
    while (daysAgo.length < knife.cycles) daysAgo.push(daysAgo.at(-1)! + 9 + Math.floor(next() * 6));
    for (const days of daysAgo.reverse()) {
      const sharpenedAt = new Date(now - days * DAY - Math.floor(next() * (DAY / 2)));
      const cutsInCycle = cycleCuts(next, knife.meanCuts);
      height = Math.round((height - regrindLoss(rfid, sharpenedAt)) * 100) / 100;
      cuts += cutsInCycle;
      await insertGrindingCycle(tx, tenantId, rfid, {
        sharpenedAt,
        cutsInCycle,
        height,
        backThickness: knife.backThickness,
        angleVf: knife.angles[0],
        angleHf: knife.angles[1],
        angleTm: knife.angles[2],
      });
    }
    const fixed = knife.fixed;
    await setDemoKnifeState(tx, rfid, {
      state: fixed?.state ?? 'ACTIVE',
      cutsSinceLastGrinding: fixed?.cutsSinceLastGrinding ?? 0,
      totalCuts: cuts + (fixed?.cutsSinceLastGrinding ?? 0),
      latestScan: fixed
        ? { machineId: machine?.id ?? null, locationId, at: new Date(now - fixed.scannedDaysAgo * DAY) }
        : null,
    });
  }
}
