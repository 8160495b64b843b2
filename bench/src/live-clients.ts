import WebSocket from 'ws';

/**
 * Browser-like WebSocket clients in their own process: each subscribes to MACHINE_CUT of one
 * machine and records publish-to-frame latency (frame arrival − the cut's timestamp, which the
 * agent stamps as it publishes). Input: JSON on argv[2] { url, token, machineIds, clients, seconds }.
 */
const input = JSON.parse(process.argv[2]!) as {
  url: string;
  token: string;
  machineIds: string[];
  clients: number;
  seconds: number;
};
const latencies: number[] = [];
/** machine publish → commit and live publish (server side) */
const ingestLatencies: number[] = [];
let frames = 0;
let measuring = false;
let subscribed = 0;
const sockets: WebSocket[] = [];
for (let i = 0; i < input.clients; i++) {
  const socket = new WebSocket(`${input.url.replace(/^http/, 'ws')}/api/live`);
  const resource = input.machineIds[i % input.machineIds.length]!;
  socket.on('open', () => socket.send(JSON.stringify({ token: input.token, type: 'MACHINE_CUT', resource })));
  socket.on('message', (data) => {
    const now = Date.now();
    const frame = JSON.parse(data.toString());
    if (frame.kind === 'SUBSCRIBED') subscribed += 1;
    // a machine that has not cut yet has no stamp to measure from
    if (frame.kind !== 'EVENT' || !measuring || !frame.data.lastCutAt) return;
    frames += 1;
    latencies.push(now - Date.parse(frame.data.lastCutAt));
    ingestLatencies.push(frame.publishedAt - Date.parse(frame.data.lastCutAt));
  });
  sockets.push(socket);
  if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 50));
}
for (let waited = 0; subscribed < input.clients && waited < 60_000; waited += 100) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.send?.({ ready: subscribed });
measuring = true;
await new Promise((resolve) => setTimeout(resolve, input.seconds * 1000));
measuring = false;
latencies.sort((a, b) => a - b);
ingestLatencies.sort((a, b) => a - b);
const pct = (p: number, list = latencies) =>
  list[Math.min(list.length - 1, Math.floor((list.length * p) / 100))] ?? null;
process.send?.({
  done: {
    frames,
    deliveriesPerSecond: Math.round(frames / input.seconds),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: latencies.at(-1) ?? null,
    toCommitP50: pct(50, ingestLatencies),
    toCommitP99: pct(99, ingestLatencies),
  },
});
for (const socket of sockets) socket.terminate();
process.exit(0);
