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
    const monitor = createEventLoopMonitor({ windowMs: 1500, resolutionMs: 10 });
    try {
      await sleep(100);
      block(700);
      await sleep(50);
      const held = monitor.delay();
      expect(held.maxMs).toBeGreaterThanOrEqual(600);
      expect(held.samples).toBeGreaterThan(0);
      expect(held.p99Ms).toBeLessThanOrEqual(held.maxMs);
      // one rotation later the previous window still holds the freeze
      await sleep(1000); // past the rotation at 1.5 s
      expect(monitor.delay().maxMs).toBeGreaterThanOrEqual(600);
      // two rotations later it is gone: the figures describe the recent past only (what a loaded
      // machine adds by itself stays well below the freeze)
      await sleep(1400); // past the rotation at 3 s
      expect(monitor.delay().maxMs).toBeLessThan(600);
    } finally {
      monitor.stop();
    }
  });
});
