import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { TelemetryEvent } from '@kerf/contracts';

/** An event waiting for the server's end-to-end ack, with the boot it was stamped under. */
export interface OutboxEntry {
  boot: string;
  event: TelemetryEvent;
  /** when it was last handed to MQTT (ms); 0 = not yet; -1 = acknowledged */
  sentAt: number;
  /** how often it was handed to MQTT since the last (re)connect (in memory only) */
  sends?: number;
}

const COMPACT_BYTES = 4 * 1024 * 1024;

/**
 * The agent's on-disk outbox: an append-only log of `E <boot> <event json>` and `A <boot> <from> <to>`
 * lines. An event leaves the outbox only when an ack from the server covers it, i.e. after the
 * server has committed it. On start the log is replayed, so whatever was not acknowledged before a
 * crash or restart is sent again (the server dedups by (serial, boot, seq)). Writes go through
 * `write(2)`, which survives a process kill; `fsync: true` also survives a power cut, at a cost.
 * Without a directory the outbox lives in memory only (load generators).
 */
export class Outbox {
  private readonly pending = new Map<string, OutboxEntry>();
  private fd: number | null = null;
  private bytes = 0;
  private readonly file: string | null;

  constructor(
    directory: string | null,
    private readonly options: { fsync?: boolean } = {},
  ) {
    this.file = directory ? join(directory, 'outbox.log') : null;
    if (directory) mkdirSync(directory, { recursive: true });
  }

  /** Replays the log; returns how many events were still unacknowledged. */
  open(): number {
    if (!this.file) return 0;
    if (existsSync(this.file)) {
      const text = readFileSync(this.file, 'utf8');
      for (const line of text.split('\n')) {
        if (line.startsWith('E ')) {
          const space = line.indexOf(' ', 2);
          const boot = line.slice(2, space);
          try {
            const event = JSON.parse(line.slice(space + 1)) as TelemetryEvent;
            this.pending.set(`${boot}/${event.seq}`, { boot, event, sentAt: 0 });
          } catch {
            // a torn last line after a crash: the event was never published, so nothing is lost
          }
        } else if (line.startsWith('A ')) {
          const [, boot, from, to] = line.split(' ');
          if (boot && from && to) this.remove(boot, Number(from), Number(to));
        }
      }
      this.bytes = statSync(this.file).size;
    }
    this.fd = openSync(this.file, 'a');
    this.compactIfLarge(true);
    return this.pending.size;
  }

  get size() {
    return this.pending.size;
  }

  append(boot: string, event: TelemetryEvent): OutboxEntry {
    this.write(`E ${boot} ${JSON.stringify(event)}\n`);
    const entry = { boot, event, sentAt: 0 };
    this.pending.set(`${boot}/${event.seq}`, entry);
    return entry;
  }

  /** Removes acknowledged ranges; returns how many events they covered. */
  ack(boot: string, ranges: [number, number][]): number {
    let removed = 0;
    for (const [from, to] of ranges) {
      const count = this.remove(boot, from, to);
      if (count > 0) this.write(`A ${boot} ${from} ${to}\n`);
      removed += count;
    }
    this.compactIfLarge(false);
    return removed;
  }

  /** when the event was last handed to MQTT (0 when unknown) */
  sentAtOf(boot: string, seq: number): number {
    return this.pending.get(`${boot}/${seq}`)?.sentAt ?? 0;
  }

  entries(): IterableIterator<OutboxEntry> {
    return this.pending.values();
  }

  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private remove(boot: string, from: number, to: number): number {
    let removed = 0;
    if (to - from < 10_000) {
      for (let seq = from; seq <= to; seq++) {
        const key = `${boot}/${seq}`;
        const entry = this.pending.get(key);
        if (!entry) continue;
        entry.sentAt = -1; // acknowledged: whoever still holds it skips it
        this.pending.delete(key);
        removed += 1;
      }
    } else {
      for (const [key, entry] of this.pending) {
        if (entry.boot === boot && entry.event.seq >= from && entry.event.seq <= to) {
          entry.sentAt = -1;
          this.pending.delete(key);
          removed += 1;
        }
      }
    }
    return removed;
  }

  private write(line: string) {
    if (this.fd === null) return;
    this.bytes += writeSync(this.fd, line);
    if (this.options.fsync) fsyncSync(this.fd);
  }

  /** Rewrites the log with only the pending events once it has grown (temp file + rename: atomic). */
  private compactIfLarge(force: boolean) {
    if (!this.file || this.fd === null || (!force && this.bytes < COMPACT_BYTES)) return;
    if (force && this.bytes < 64 * 1024) return;
    const temp = `${this.file}.tmp`;
    const fd = openSync(temp, 'w');
    let bytes = 0;
    for (const entry of this.pending.values())
      bytes += writeSync(fd, `E ${entry.boot} ${JSON.stringify(entry.event)}\n`);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, this.file);
    closeSync(this.fd);
    this.fd = openSync(this.file, 'a');
    this.bytes = bytes;
  }
}
