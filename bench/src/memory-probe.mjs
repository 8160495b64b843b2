// Loaded into the server process by bench/memory (NODE_OPTIONS=--import): every few seconds it
// appends the process's memory to a JSON-lines file: RSS, V8's JS heap, and memory outside the heap
// that V8 accounts for (external; it includes ArrayBuffers and WebAssembly memory), and within that
// WebAssembly linear memory (PGlite's) on its own.
// It finds the WebAssembly memories by wrapping WebAssembly.instantiate (imported and exported
// memories alike). Other processes that inherit NODE_OPTIONS (npm start's wrapper, the simulator)
// are left alone.
import { appendFileSync } from 'node:fs';

const file = process.env.KERF_MEMORY_PROBE_FILE;
const every = Number(process.env.KERF_MEMORY_PROBE_SECONDS ?? '5') * 1000;
if (file && process.argv.some((argument) => argument.endsWith('apps/server/src/server.ts'))) {
  const memories = new Set();
  const collect = (value) => {
    if (!value || typeof value !== 'object') return;
    for (const item of Object.values(value)) {
      if (item instanceof WebAssembly.Memory) memories.add(item);
      else if (item && typeof item === 'object' && !(item instanceof WebAssembly.Module)) {
        for (const inner of Object.values(item)) if (inner instanceof WebAssembly.Memory) memories.add(inner);
      }
    }
  };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function (source, imports, ...rest) {
    collect(imports);
    const result = await instantiate.call(this, source, imports, ...rest);
    const instance = result instanceof WebAssembly.Instance ? result : result.instance;
    collect(instance?.exports);
    return result;
  };
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    let wasm = 0;
    for (const memory of memories) wasm += memory.buffer.byteLength;
    appendFileSync(
      file,
      `${JSON.stringify({
        at: Date.now(),
        rss: mb(usage.rss),
        heapUsed: mb(usage.heapUsed),
        heapTotal: mb(usage.heapTotal),
        external: mb(usage.external),
        arrayBuffers: mb(usage.arrayBuffers),
        wasm: mb(wasm),
      })}\n`,
    );
  }, every);
  timer.unref();
}
