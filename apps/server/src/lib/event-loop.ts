import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Event-loop delay of this process over the last one to two windows, in milliseconds. */
interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** how many delay samples the figures rest on (one per `resolutionMs` of a free loop) */
  samples: number;
  /** the figures cover about this many seconds */
  windowSeconds: number;
}

export interface EventLoopMonitor {
  delay(): EventLoopDelay;
  stop(): void;
}

/**
 * How long the event loop was kept from running timers (node's `monitorEventLoopDelay`): the delay
 * every HTTP answer, MQTT acknowledgement and live frame of this process waited on top of its own
 * work. The histogram is rotated every `windowMs`; the figures are the previous window and the one in
 * progress together, so a freeze stays visible for at least one window after it ended.
 */
export function createEventLoopMonitor(
  options: { windowMs?: number; resolutionMs?: number } = {},
): EventLoopMonitor {
  const windowMs = options.windowMs ?? 60_000;
  const current = monitorEventLoopDelay({ resolution: options.resolutionMs ?? 10 });
  current.enable();
  const read = (): Window => ({
    p50: current.count > 0 ? current.percentile(50) : 0,
    p99: current.count > 0 ? current.percentile(99) : 0,
    max: current.count > 0 ? current.max : 0,
    count: current.count,
  });
  let previous: Window = { p50: 0, p99: 0, max: 0, count: 0 };
  let rotatedAt = Date.now();
  let previousSpan = 0;
  const rotate = setInterval(() => {
    previous = read();
    current.reset();
    const now = Date.now();
    previousSpan = now - rotatedAt;
    rotatedAt = now;
  }, windowMs);
  rotate.unref();
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
  return {
    delay() {
      const now = read();
      const samples = previous.count + now.count;
      if (samples === 0) return { p50Ms: 0, p99Ms: 0, maxMs: 0, samples: 0, windowSeconds: 0 };
      // two windows' histograms cannot be merged (node refuses to add an event-loop histogram to
      // another), so the median is the fuller window's and the p99 and maximum the worse of both
      const fuller = now.count >= previous.count ? now : previous;
      return {
        p50Ms: ms(fuller.p50),
        p99Ms: ms(Math.max(now.p99, previous.p99)),
        maxMs: ms(Math.max(now.max, previous.max)),
        samples,
        windowSeconds: Math.round((previousSpan + Date.now() - rotatedAt) / 1000),
      };
    },
    stop() {
      clearInterval(rotate);
      current.disable();
    },
  };
}

interface Window {
  p50: number;
  p99: number;
  max: number;
  count: number;
}
