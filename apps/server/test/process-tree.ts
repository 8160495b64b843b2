import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** `[pid, ppid, state]` of one process from /proc, or null when it is gone. */
function stat(pid: number): { ppid: number; state: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '?', ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** Every process below `root` (children, their children …), read from /proc. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const info = stat(pid);
    if (!info) continue;
    children.set(info.ppid, [...(children.get(info.ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Whether the process still runs (a zombie has ended: it only waits for its parent to read its status). */
export function isRunning(pid: number): boolean {
  const info = stat(pid);
  return info !== null && info.state !== 'Z' && info.state !== 'X';
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `check` returns true, polling; rejects with `describe()` after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs: number, describe: () => string) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out: ${describe()}`);
    await sleep(100);
  }
}
