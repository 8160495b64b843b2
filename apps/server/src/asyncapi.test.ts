import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ERROR_STATUS, LIVE_ERROR_FRAMES, LIVE_EVENT_TYPES } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { generateAsyncApi } from './asyncapi';

const DOCUMENT = fileURLToPath(new URL('../../../docs/asyncapi.json', import.meta.url));
const GATEWAY = fileURLToPath(new URL('./live/live.gateway.ts', import.meta.url));

type Document = {
  asyncapi: string;
  channels: Record<string, { address: string; messages: Record<string, unknown> }>;
  operations: Record<string, { action: string; messages: { $ref: string }[] }>;
  components: { messages: Record<string, { payload: Record<string, unknown>; 'x-error-codes'?: string[] }> };
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('docs/asyncapi.json (the live socket)', () => {
  it('is generated from the live contracts (run `npm run openapi` when this fails)', async () => {
    expect(await readFile(DOCUMENT, 'utf8')).toBe(generateAsyncApi());
  });

  it('describes the subscribe frame, every event type with its payload, and the error frames', () => {
    const document = JSON.parse(generateAsyncApi()) as Document;
    expect(document.asyncapi).toBe('3.0.0');
    expect(document.channels.live!.address).toBe('/api/live');
    const { messages } = document.components;
    expect(messages.Subscribe!.payload).toMatchObject({
      required: expect.arrayContaining(['token', 'type', 'resource']),
    });
    const events = Object.values(messages).filter(
      (message) =>
        (message.payload.properties as Record<string, { const?: string }>)?.kind?.const === 'EVENT',
    );
    const eventTypes = events.map(
      (message) => (message.payload.properties as Record<string, { const?: string }>).type!.const,
    );
    expect(eventTypes.sort()).toEqual([...LIVE_EVENT_TYPES].sort());
    // each event's data has its own schema: a named one, or an object described in place
    for (const event of events) {
      const data = (event.payload.properties as Record<string, Record<string, unknown>>).data!;
      if (data.$ref) expect(data.$ref).toMatch(/^#\/components\/schemas\/\w+$/);
      else expect(data).toMatchObject({ type: 'object', properties: expect.any(Object) });
    }
    // every $ref resolves inside the document
    const text = generateAsyncApi();
    for (const [, ref] of text.matchAll(/"\$ref": "#\/([^"]+)"/g)) {
      let node: unknown = JSON.parse(text);
      for (const part of ref!.split('/')) node = (node as Record<string, unknown>)[part];
      expect(node, ref).toBeDefined();
    }
    const receive = document.operations.receive!.messages.map((m) => m.$ref);
    expect(receive).toContain('#/channels/live/messages/Error');
    expect(document.operations.subscribe!.action).toBe('send');
  });

  it('lists every code the gateway sends in an ERROR frame, each a catalogue code with its status', async () => {
    const source = await readFile(GATEWAY, 'utf8');
    const sent = [...source.matchAll(/fail\(\s*(\d{3}),\s*'([a-z-]+\.[A-Z_.-]+)'/g)].map(
      ([, status, code]) => ({
        status: Number(status),
        code,
      }),
    );
    expect(sent.length).toBeGreaterThan(3);
    const listed = LIVE_ERROR_FRAMES.map((frame) => ({ status: frame.status, code: frame.code as string }));
    for (const frame of sent) expect(listed).toContainEqual(frame);
    for (const frame of LIVE_ERROR_FRAMES)
      expect(ERROR_STATUS[frame.code as keyof typeof ERROR_STATUS], frame.code).toBe(frame.status);
  });

  it('is served beside the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/asyncapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toBe(generateAsyncApi());
  });
});
