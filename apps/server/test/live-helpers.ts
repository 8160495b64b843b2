import type { LiveClientMessage, LiveServerMessage } from '@kerf/contracts';
import WebSocket from 'ws';

/** A WebSocket client of /api/live that records every frame. */
export async function openLive(baseUrl: string, options: { origin?: string } = {}) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`, {
    headers: options.origin ? { origin: options.origin } : {},
  });
  const frames: LiveServerMessage[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
  });
  return {
    socket,
    frames,
    send: (message: LiveClientMessage | string) =>
      socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    /** waits for the first frame (from `from` on) that matches */
    async next(match: (frame: LiveServerMessage) => boolean, from = 0, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.slice(from).find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => socket.close(),
  };
}
