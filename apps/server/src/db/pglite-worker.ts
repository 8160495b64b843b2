/**
 * The embedded database's thread (ADR 0022): PGlite runs here, off the server's event loop, and
 * speaks the PostgreSQL wire protocol to the main thread over a MessagePort per connection
 * (`pglite-thread.ts` hands node-postgres a socket made of that port). A long statement then holds
 * this thread only; HTTP, MQTT acknowledgements and the live socket go on answering.
 *
 * Loaded by node as it is (type stripping, or tsx's loader when the server runs under tsx): erasable
 * TypeScript only, and no imports of the app's own modules.
 *
 * PGlite is one backend: connections take turns message by message through one queue, and the main
 * side never opens more than one at a time (a pool of one, as PGlite's own client serialises
 * everything too). A new connection starts from a clean session: an open transaction of a dropped
 * one is rolled back and its prepared statements and settings are discarded (`DISCARD ALL`), as a
 * new PostgreSQL backend would start.
 */
import { cp } from 'node:fs/promises';
import { basename } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

interface Input {
  dataDir: string;
  /** a dump (`dumpDataDir`) to start from */
  load?: Uint8Array;
}

type Request =
  | { type: 'connect'; port: MessagePortLike }
  | { type: 'dump'; id: number }
  | { type: 'copy'; id: number; to: string }
  | { type: 'memory'; id: number }
  | { type: 'close' };

interface MessagePortLike {
  on(event: 'message', listener: (data: unknown) => void): void;
  on(event: 'close', listener: () => void): void;
  postMessage(data: unknown, transfer?: ArrayBuffer[]): void;
  close(): void;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const { dataDir, load } = workerData as Input;

let db: PGlite;
try {
  db = await PGlite.create(dataDir, load ? { loadDataDir: new Blob([load]) } : {});
  port.postMessage({ type: 'ready' });
} catch (error) {
  port.postMessage({ type: 'failed', message: (error as Error).message });
  throw error;
}

/** Every piece of work on the backend, in order: one statement message at a time. */
let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(work: () => Promise<T>): Promise<T> => {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
};
/** the transaction status of the last ReadyForQuery ('I' idle, 'T' in a transaction, 'E' failed) */
let status = 'I';

/** The answer PostgreSQL gives a startup message once authentication is done. */
function startupAnswer(): Uint8Array {
  const parts: number[] = [];
  const message = (type: string, body: number[]) => {
    const length = body.length + 4;
    parts.push(
      type.charCodeAt(0),
      length >>> 24,
      (length >>> 16) & 255,
      (length >>> 8) & 255,
      length & 255,
      ...body,
    );
  };
  const text = (value: string) => [...new TextEncoder().encode(value), 0];
  message('R', [0, 0, 0, 0]); // AuthenticationOk
  for (const [name, value] of [
    ['server_version', '17.5'],
    ['server_encoding', 'UTF8'],
    ['client_encoding', 'UTF8'],
    ['DateStyle', 'ISO, MDY'],
    ['integer_datetimes', 'on'],
    ['standard_conforming_strings', 'on'],
    ['TimeZone', 'UTC'],
  ])
    message('S', [...text(name!), ...text(value!)]);
  message('K', [0, 0, 0, 1, 0, 0, 0, 0]); // BackendKeyData (cancel requests are not supported)
  message('Z', ['I'.charCodeAt(0)]);
  return new Uint8Array(parts);
}

/** The parts one after the other in one new array (a buffer of its own, exactly its length). */
function join(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** ReadyForQuery's status in an answer: the last 'Z' message decides. */
function lastStatus(answer: Uint8Array): string | null {
  let found: string | null = null;
  let at = 0;
  while (at + 5 <= answer.length) {
    const length =
      ((answer[at + 1]! << 24) | (answer[at + 2]! << 16) | (answer[at + 3]! << 8) | answer[at + 4]!) >>> 0;
    if (answer[at] === 90 && length === 5) found = String.fromCharCode(answer[at + 5]!);
    at += 1 + length;
  }
  return found;
}

function connect(connection: MessagePortLike) {
  let buffer = new Uint8Array(0);
  let started = false;
  let open = true;
  // a clean session, as a new backend would have
  void serial(async () => {
    if (status !== 'I') await db.exec('ROLLBACK').catch(() => {});
    await db.exec('DISCARD ALL').catch(() => {});
    status = 'I';
  });
  /** `bytes` fill a buffer of their own (`join`'s), handed over without another copy */
  const answer = (bytes: Uint8Array<ArrayBuffer>) => {
    if (!open || bytes.length === 0) return;
    connection.postMessage(bytes, [bytes.buffer]);
  };
  connection.on('close', () => {
    open = false;
  });
  connection.on('message', (data) => {
    const chunk = data instanceof Uint8Array ? data : new Uint8Array(data as ArrayBuffer);
    const joined = new Uint8Array(buffer.length + chunk.length);
    joined.set(buffer);
    joined.set(chunk, buffer.length);
    buffer = joined;
    const messages: Uint8Array[] = [];
    for (;;) {
      const header = started ? 5 : 4;
      if (buffer.length < header) break;
      const offset = started ? 1 : 0;
      const length =
        ((buffer[offset]! << 24) |
          (buffer[offset + 1]! << 16) |
          (buffer[offset + 2]! << 8) |
          buffer[offset + 3]!) >>>
        0;
      const total = length + offset;
      if (buffer.length < total) break;
      messages.push(buffer.subarray(0, total));
      buffer = buffer.subarray(total);
      if (!started) {
        const code =
          ((messages.at(-1)![4]! << 24) |
            (messages.at(-1)![5]! << 16) |
            (messages.at(-1)![6]! << 8) |
            messages.at(-1)![7]!) >>>
          0;
        if (code !== SSL_REQUEST && code !== CANCEL_REQUEST) started = true;
      }
    }
    if (messages.length === 0) return;
    void serial(async () => {
      const answers: Uint8Array[] = [];
      for (const message of messages) {
        if (!open) return;
        if (message.length >= 8 && message[0] === 0) {
          const code = ((message[4]! << 24) | (message[5]! << 16) | (message[6]! << 8) | message[7]!) >>> 0;
          if (code === SSL_REQUEST)
            answers.push(new Uint8Array([78])); // 'N': no TLS
          else if (code !== CANCEL_REQUEST) answers.push(startupAnswer());
          continue;
        }
        const type = String.fromCharCode(message[0]!);
        if (type === 'X') {
          open = false;
          connection.close();
          return;
        }
        const syncToFs = type === 'S' || type === 'Q';
        // Streamed, not `execProtocolRaw`: PGlite 0.5's raw call also parses every answer into a
        // result list that only its own `execProtocol` empties, so every row ever read stayed in
        // this thread's heap (1.3 GB after one 90-day tenant export). Here nothing is kept but the
        // bytes of this answer, copied out of PGlite's buffer.
        const parts: Uint8Array[] = [];
        await db.execProtocolRawStream(message.slice(), {
          syncToFs,
          onRawData: (data) => void parts.push(data.slice()),
        });
        const result = parts.length === 1 ? parts[0]! : join(parts);
        if (syncToFs) status = lastStatus(result) ?? status;
        answers.push(result);
      }
      answer(join(answers));
    });
  });
}

/** A dump of the data directory, taken between transactions, after a checkpoint (so it holds everything committed). */
function dump(id: number) {
  void serial(async () => {
    if (status !== 'I') {
      setTimeout(() => dump(id), 5);
      return;
    }
    try {
      await db.exec('CHECKPOINT');
      const file = await db.dumpDataDir('gzip');
      const bytes = new Uint8Array(await file.arrayBuffer());
      port.postMessage({ type: 'dumped', id, bytes }, [bytes.buffer]);
    } catch (error) {
      port.postMessage({ type: 'dumped', id, error: (error as Error).message });
    }
  });
}

/**
 * A copy of the data directory as files (an online backup with bounded memory): between
 * transactions, after a checkpoint, and with nothing else run until it is done, so the copy is the
 * database as of that moment (PGlite has no background writer to change files meanwhile). A server
 * started on the copy finds a database that stopped at a checkpoint. The lock file is left out.
 */
function copy(id: number, to: string) {
  void serial(async () => {
    if (status !== 'I') {
      setTimeout(() => copy(id, to), 5);
      return;
    }
    try {
      await db.exec('CHECKPOINT');
      await cp(dataDir, to, {
        recursive: true,
        errorOnExist: true,
        force: false,
        filter: (source) => basename(source) !== 'kerf.pid',
      });
      port.postMessage({ type: 'copied', id });
    } catch (error) {
      port.postMessage({ type: 'copied', id, error: (error as Error).message });
    }
  });
}

/**
 * This thread's memory: PGlite's WebAssembly memory (it grows, never shrinks: the high-water mark of
 * shared buffers, sorts and answers) and this isolate's JavaScript heap. Answered when the thread
 * is between two statements, not in the queue.
 */
function memory(id: number) {
  const module = (db as unknown as { Module?: { HEAPU8?: Uint8Array } }).Module;
  port.postMessage({
    type: 'memory',
    id,
    wasmBytes: module?.HEAPU8?.byteLength ?? 0,
    heapUsedBytes: getHeapStatistics().used_heap_size,
  });
}

port.on('message', (request: Request) => {
  if (request.type === 'connect') connect(request.port);
  else if (request.type === 'memory') memory(request.id);
  else if (request.type === 'dump') dump(request.id);
  else if (request.type === 'copy') copy(request.id, request.to);
  else if (request.type === 'close')
    void serial(async () => {
      await db.close();
      port.postMessage({ type: 'closed' });
      port.close();
    });
});
