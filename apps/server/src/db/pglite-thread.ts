import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import pg from 'pg';

/**
 * PGlite in a worker thread (`pglite-worker.ts`, ADR 0022), reached through node-postgres: each
 * connection's socket is a MessagePort to the worker, which hands the wire-protocol messages to
 * PGlite one by one. The app then drives the embedded database exactly as it drives PostgreSQL
 * (the pool paths of `transactions.ts`, node-postgres' parsing of values), and a long statement
 * holds the worker's thread, not the server's event loop.
 */
export interface PgliteThread {
  /** a pool of ONE connection: PGlite is one backend, and a transaction holds it */
  pool: pg.Pool;
  /** PGlite's dump of the data directory (a gzip'd tar), taken between transactions */
  dump(): Promise<Uint8Array>;
  /** a copy of the data directory's files into `directory` (new), between transactions, after a checkpoint */
  copyTo(directory: string): Promise<void>;
  /** the worker's memory, or null when it did not answer within a second (a long statement holds it) */
  memory(): Promise<PgliteMemory | null>;
  close(): Promise<void>;
}

export interface PgliteMemory {
  /** PGlite's WebAssembly memory: its high-water mark (it never shrinks) */
  wasmBytes: number;
  /** the worker's JavaScript heap in use */
  heapUsedBytes: number;
}

export async function startPgliteThread(dataDir: string, load?: Uint8Array): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: { dataDir, load },
  });
  const sockets = new Set<WorkerSocket>();
  let failure: Error | null = null;
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { type: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      else reject(new Error(`PGlite did not start: ${message.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the PGlite worker exited with ${code}`)));
  });
  // A worker that dies takes the database with it: every open connection fails, and so does every
  // new one (the readiness probe then says so).
  const die = (error: Error) => {
    failure = error;
    for (const socket of sockets) socket.destroy(error);
  };
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`the PGlite worker exited with ${code}`)));

  const dumps = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();
  let nextDump = 1;
  const copies = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const memories = new Map<number, (memory: PgliteMemory) => void>();
  let closed: (() => void) | null = null;
  worker.on(
    'message',
    (message: { type: string; id?: number; bytes?: Uint8Array; error?: string } & Partial<PgliteMemory>) => {
      if (message.type === 'memory') {
        memories.get(message.id!)?.({ wasmBytes: message.wasmBytes!, heapUsedBytes: message.heapUsedBytes! });
        memories.delete(message.id!);
      } else if (message.type === 'dumped') {
        const waiting = dumps.get(message.id!);
        dumps.delete(message.id!);
        if (message.error) waiting?.reject(new Error(message.error));
        else waiting?.resolve(message.bytes!);
      } else if (message.type === 'copied') {
        const waiting = copies.get(message.id!);
        copies.delete(message.id!);
        if (message.error) waiting?.reject(new Error(message.error));
        else waiting?.resolve();
      } else if (message.type === 'closed') closed?.();
    },
  );

  const pool = new pg.Pool({
    max: 1,
    // node-postgres wants a host and user to name the connection; nothing is looked up
    host: 'pglite',
    user: 'postgres',
    database: 'postgres',
    stream: () => {
      const socket = new WorkerSocket(worker, failure);
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      return socket as unknown as import('node:net').Socket;
    },
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));

  return {
    pool,
    dump() {
      const id = nextDump++;
      return new Promise<Uint8Array>((resolve, reject) => {
        dumps.set(id, { resolve, reject });
        worker.postMessage({ type: 'dump', id });
      });
    },
    copyTo(directory: string) {
      const id = nextDump++;
      return new Promise<void>((resolve, reject) => {
        copies.set(id, { resolve, reject });
        worker.postMessage({ type: 'copy', id, to: directory });
      });
    },
    memory() {
      if (failure) return Promise.resolve(null);
      const id = nextDump++;
      return new Promise<PgliteMemory | null>((resolve) => {
        const timer = setTimeout(() => {
          memories.delete(id);
          resolve(null);
        }, 1000);
        memories.set(id, (memory) => {
          clearTimeout(timer);
          resolve(memory);
        });
        worker.postMessage({ type: 'memory', id });
      });
    },
    async close() {
      await pool.end();
      if (failure) return;
      await new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
    },
  };
}

/** What node-postgres needs of a socket, over a MessagePort to the PGlite worker. */
class WorkerSocket extends Duplex {
  private readonly port: MessagePort;
  private readonly failure: Error | null;

  constructor(worker: Worker, failure: Error | null) {
    super();
    this.failure = failure;
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    port1.on('message', (bytes: Uint8Array) => {
      this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    port1.on('close', () => this.push(null));
    if (!failure) worker.postMessage({ type: 'connect', port: port2 }, [port2]);
  }

  connect() {
    process.nextTick(() => {
      if (this.failure) this.destroy(this.failure);
      else this.emit('connect');
    });
    return this;
  }

  setNoDelay() {
    return this;
  }

  setKeepAlive() {
    return this;
  }

  ref() {
    return this;
  }

  unref() {
    return this;
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    // a copy: node-postgres reuses its write buffer
    this.port.postMessage(new Uint8Array(chunk));
    callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.port.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.port.close();
    callback(error);
  }
}
