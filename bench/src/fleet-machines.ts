import { readFileSync } from 'node:fs';
import { MachineAgent } from '../../apps/edge/src/agent';
import { knivesFor, machineTimeline } from '../../apps/edge/src/simulation';

/**
 * One process of the fleet bench's machines (bench/src/fleet.ts): each machine is an edge agent
 * with its own MQTT connection and credential, driven in real time by the simulator's shift model
 * (apps/edge/src/simulation.ts: running, cuts 2.5 s apart and more with handling, interruptions,
 * support times, breaks, knife swaps with calibration). Each machine's clock is set to a weekday at
 * its tenant's phase, so that the fleet is at every point of the working day at once: most
 * machines on a shift, some on a break, some between shifts.
 *
 * Measures, per cut stamped after `measureFrom`: stamp → end-to-end ack (the server acks after the
 * commit), as a histogram in milliseconds. Input: a JSON file (argv[2]) with the broker and the machines; once loaded, the
 * process says `ready` and waits for `start` with the times of the run (loading takes seconds on a
 * busy machine, which must not eat into the run).
 */
interface FleetMachine {
  tenantId: string;
  serial: string;
  password: string;
  /** where in the working week this machine's clock starts (ms after the virtual Monday 00:00 UTC) */
  phaseMs: number;
  seed: number;
}
const { brokerUrl, machines } = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  brokerUrl: string;
  machines: FleetMachine[];
};
interface Run {
  /** machines connect one after another over this long */
  rampMs: number;
  /** epoch ms: the run ends for every machine then */
  endAt: number;
  /** epoch ms: cuts stamped from then on are measured */
  measureFrom: number;
}

/** A Monday 00:00 UTC: the machines' clocks count from there, whatever day the bench runs on. */
const VIRTUAL_MONDAY = Date.UTC(2026, 10, 23);
const HISTOGRAM_MS = 120_000;
const histogram = new Uint32Array(HISTOGRAM_MS + 1);
let measured = 0;
let cutsStamped = 0;
let eventsStamped = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const agents: MachineAgent[] = [];
async function runMachine(input: Run, machine: FleetMachine, index: number) {
  await sleep((index * input.rampMs) / machines.length);
  if (Date.now() >= input.endAt) return;
  /** seq → when it was stamped, for the cuts being measured */
  const stampedAt = new Map<number, number>();
  const agent = new MachineAgent({
    brokerUrl,
    tenantId: machine.tenantId,
    serial: machine.serial,
    password: machine.password,
    // a real agent keeps its outbox on disk; ten thousand of them on one disk would measure the disk
    outboxDir: null,
    onStamped: (_boot, event) => {
      eventsStamped += 1;
      if (event.type !== 'cut') return;
      cutsStamped += 1;
      const now = Date.now();
      if (now >= input.measureFrom) stampedAt.set(event.seq, now);
    },
    onAcked: (_boot, ranges) => {
      const now = Date.now();
      for (const [from, to] of ranges)
        for (let seq = from; seq <= to; seq++) {
          const at = stampedAt.get(seq);
          if (at === undefined) continue;
          stampedAt.delete(seq);
          histogram[Math.min(HISTOGRAM_MS, now - at)]! += 1;
          measured += 1;
        }
    },
  });
  agents.push(agent);
  await agent.start();
  const realStart = Date.now();
  const virtualStart = VIRTUAL_MONDAY + machine.phaseMs;
  const timeline = machineTimeline(
    { seed: machine.seed, knives: knivesFor(machine.serial, machine.seed) },
    virtualStart,
    virtualStart + (input.endAt - realStart),
  );
  for (const step of timeline) {
    const wait = realStart + (step.at - virtualStart) - Date.now();
    if (wait > 0) await sleep(wait);
    if (Date.now() >= input.endAt) break;
    if ('event' in step) agent.record(step.event); // stamped now, as a live agent does
  }
}

const run = await new Promise<Run>((resolve) => {
  process.on('message', (message: { start?: Run }) => {
    if (message.start) resolve(message.start);
  });
  process.send?.({ ready: true });
});
await Promise.all(machines.map((machine, index) => runMachine(run, machine, index)));
await Promise.all(agents.map((agent) => agent.drain(120_000)));
const totals = { stamped: 0, acked: 0, resent: 0, rejected: 0, pending: 0 };
for (const agent of agents) {
  const stats = agent.getStats();
  for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += stats[key];
}
await Promise.all(agents.map((agent) => agent.stop({ timeoutMs: 1000 })));
const buckets: [number, number][] = [];
histogram.forEach((count, ms) => {
  if (count > 0) buckets.push([ms, count]);
});
process.send?.({ done: { ...totals, cutsStamped, eventsStamped, measured, buckets } }, () => process.exit(0));
