import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createEventLoopMonitor } from './event-loop';

/** Holds the event loop, as a long statement of the embedded database did (issue 30). */
function block(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {}
}

describe('event-loop monitor', () => {
  it('sees the loop held, and keeps seeing it for the next window', async () => {
    const monitor = createEventLoopMonitor({ windowMs: 1000, resolutionMs: 10 });
    try {
      await sleep(100);
      block(250);
      await sleep(50);
      const held = monitor.delay();
      expect(held.maxMs).toBeGreaterThanOrEqual(200);
      expect(held.samples).toBeGreaterThan(0);
      expect(held.p99Ms).toBeLessThanOrEqual(held.maxMs);
      // one rotation later the previous window still holds the freeze
      await sleep(1000); // past the rotation at 1 s
      expect(monitor.delay().maxMs).toBeGreaterThanOrEqual(200);
      // two rotations later it is gone: the figures describe the recent past only
      await sleep(1000); // past the rotation at 2 s
      expect(monitor.delay().maxMs).toBeLessThan(200);
    } finally {
      monitor.stop();
    }
  });
});
