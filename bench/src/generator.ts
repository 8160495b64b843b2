import { MachineAgent } from '../../apps/edge/src/agent';

/**
 * Load generator process: drives the given machines' agents (in-memory outbox, heartbeats off)
 * as fast as their ack window allows, then drains and reports what it stamped and got acked.
 * Input: JSON on argv[2] { brokerUrl, agents, seconds, window, batchMax }.
 */
const input = JSON.parse(process.argv[2]!) as {
  brokerUrl: string;
  agents: { tenantId: string; serial: string; password: string }[];
  seconds: number;
  window: number;
  batchMax: number;
  /** cuts per second per machine; 0 = as fast as possible */
  rate: number;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const agents = input.agents.map(
  (credential) =>
    new MachineAgent({
      brokerUrl: input.brokerUrl,
      tenantId: credential.tenantId,
      serial: credential.serial,
      password: credential.password,
      outboxDir: null,
      heartbeatMs: 0,
      maxInFlight: input.window,
      batchMax: input.batchMax,
      ackTimeoutMs: 10_000,
    }),
);
await Promise.all(agents.map((agent) => agent.start()));
process.send?.({ ready: true });
const end = Date.now() + input.seconds * 1000;
await Promise.all(
  agents.map(async (agent, index) => {
    // each machine has its own knife, as in a shop
    const knife = `E2801160FF${String(index).padStart(2, '0')}${String(process.pid % 10000).padStart(4, '0')}`;
    if (input.rate > 0) {
      const interval = 1000 / input.rate;
      let next = Date.now();
      while (Date.now() < end) {
        agent.record({ type: 'cut', knifeRfid: knife });
        next += interval;
        const wait = next - Date.now();
        if (wait > 0) await sleep(wait);
      }
      return;
    }
    while (Date.now() < end) {
      for (let i = 0; i < 100; i++) agent.record({ type: 'cut', knifeRfid: knife });
      while (agent.getStats().pending > input.window && Date.now() < end) await sleep(2);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }),
);
await Promise.all(agents.map((agent) => agent.drain(120_000)));
const totals = { stamped: 0, acked: 0, resent: 0, pending: 0 };
for (const agent of agents) {
  const stats = agent.getStats();
  totals.stamped += stats.stamped;
  totals.acked += stats.acked;
  totals.resent += stats.resent;
  totals.pending += stats.pending;
}
await Promise.all(agents.map((agent) => agent.stop({ graceful: false })));
process.send?.({ done: totals });
process.exit(0);
