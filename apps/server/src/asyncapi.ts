import {
  LIVE_ERROR_FRAMES,
  LIVE_EVENT_DATA_SCHEMAS,
  LIVE_EVENT_TYPES,
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_MAX_SUBSCRIPTIONS,
  LIVE_PATH,
  LIVE_PING_SECONDS,
  LIVE_RETRY_DELAY_MS,
  LIVE_SESSION_ENDED_CLOSE,
  LiveServerMessageSchema,
  LiveSubscribeSchema,
  LiveUnsubscribeSchema,
  SPEC_LIVE_EVENT_TYPES,
} from '@kerf/contracts';
import { z } from 'zod';

/**
 * The AsyncAPI 3 document of the live socket (`/api/live`, product.md §7 "Live events"), generated from
 * the same contracts the gateway and the web client use (`packages/contracts/src/live.ts`):
 * the subscribe and unsubscribe frames, each event type's payload, the acknowledgements, the error
 * frames with their codes, and the rules for reconnecting. `npm run openapi` writes it to
 * `docs/asyncapi.json`; the server serves it at `/api/docs/asyncapi.json`.
 */

type Json = Record<string, unknown>;

/** Schemas with a meta id go to components.schemas once; a message payload refers to them. */
function collect(schemas: Json, schema: z.ZodType, io: 'input' | 'output'): Json {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
  }) as Json;
  const definitions = (converted.definitions ?? {}) as Record<string, Json>;
  delete converted.definitions;
  delete converted.$schema;
  const relink = (value: Json) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/definitions/', '"#/components/schemas/')) as Json;
  for (const [id, definition] of Object.entries(definitions)) schemas[id] = relink(definition);
  return relink(converted);
}

const eventOption = LiveServerMessageSchema.options.find((option) => option.shape.kind.value === 'EVENT')!;
const optionOf = (kind: string) =>
  LiveServerMessageSchema.options.find((option) => option.shape.kind.value === kind)!;

const RECONNECT_RULES = [
  `Connect a WebSocket to \`${LIVE_PATH}\` (wss in production; the page's origin must be an allowed origin). Frames are JSON text, at most ${LIVE_MAX_MESSAGE_BYTES} bytes from the client.`,
  'Browsers cannot set headers on a WebSocket, so the bearer token (from `POST /api/auth/auth/login`) travels in every SUBSCRIBE frame; each subscription is authorised on its own and acknowledged with SUBSCRIBED or refused with an ERROR frame naming its type and resource.',
  `At most ${LIVE_MAX_SUBSCRIPTIONS} subscriptions per socket; the resource is a cutting machine id of the token's tenant, except NOTIFICATION's: the signed-in user's own id.`,
  "When a subscription's token expires the server ends that subscription with an ERROR frame of status 401 (`authentication.TOKEN_EXPIRED`): refresh the token (`POST /api/auth/auth/refresh`) and SUBSCRIBE again on the same socket.",
  `When the session ends (sign-out, revocation, deactivation) its subscriptions end with an ERROR frame; a socket left without subscriptions is closed with code ${LIVE_SESSION_ENDED_CLOSE}: sign in again before reconnecting.`,
  `After any other close, wait ${LIVE_RETRY_DELAY_MS} ms (product.md §9), connect again and SUBSCRIBE again with \`replayLastEvent: true\`: the server first sends the current state of each machine (an EVENT with \`replay: true\`), so nothing missed while disconnected stays on screen. Events are not queued for a closed socket.`,
  `The server pings every ${LIVE_PING_SECONDS} s and drops a socket that did not answer the previous ping, and drops a socket that stops reading (more than 1 MiB unread); both are ordinary closes for the client: reconnect as above.`,
  'Each machine event carries the whole machine view with its `revision`: replace the copy you hold when the revision is not older, and fold nothing.',
];

export function generateAsyncApi(): string {
  const schemas: Json = {};
  const messages: Record<string, Json> = {};
  const message = (name: string, summary: string, schema: z.ZodType, io: 'input' | 'output') => {
    messages[name] = {
      name,
      title: name,
      summary,
      contentType: 'application/json',
      payload: collect(schemas, schema, io),
    };
    return { $ref: `#/components/messages/${name}` };
  };

  const subscribe = message(
    'Subscribe',
    'Subscribe to an event type of one resource; `replayLastEvent` first sends the current state.',
    LiveSubscribeSchema,
    'input',
  );
  const unsubscribe = message('Unsubscribe', 'End a subscription.', LiveUnsubscribeSchema, 'input');
  const events = LIVE_EVENT_TYPES.map((type) =>
    message(
      `Event${type
        .toLowerCase()
        .split('_')
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join('')}`,
      `${type}: ${(SPEC_LIVE_EVENT_TYPES as readonly string[]).includes(type) ? 'product.md §7' : 'addition to product.md §7'}; the data is ${
        LIVE_EVENT_DATA_SCHEMAS[type].meta()?.id ?? 'described by the payload'
      }.`,
      eventOption.extend({ type: z.literal(type), data: LIVE_EVENT_DATA_SCHEMAS[type] }),
      'output',
    ),
  );
  const subscribed = message('Subscribed', 'A subscription is in place.', optionOf('SUBSCRIBED'), 'output');
  const unsubscribed = message('Unsubscribed', 'A subscription ended.', optionOf('UNSUBSCRIBED'), 'output');
  const error = message(
    'Error',
    'A frame was refused or a subscription ended; `type` and `resource` name the subscription when one is meant.',
    optionOf('ERROR'),
    'output',
  );
  const errorMessage = messages.Error!;
  errorMessage.description = [
    '| status | code | meaning |',
    '| --- | --- | --- |',
    ...LIVE_ERROR_FRAMES.map((frame) => `| ${frame.status} | \`${frame.code}\` | ${frame.meaning} |`),
  ].join('\n');
  errorMessage['x-error-codes'] = LIVE_ERROR_FRAMES.map((frame) => frame.code);

  const channelMessages = Object.fromEntries(
    Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }]),
  );
  const inChannel = (ref: { $ref: string }) => ({
    $ref: ref.$ref.replace('#/components/messages/', '#/channels/live/messages/'),
  });

  const document = {
    asyncapi: '3.0.0',
    info: {
      title: 'Kerf live events',
      version: '1',
      description: [
        'The live socket of Kerf (product.md §7 "Live events"): machine cuts, statuses, operators, online status, setup checks and notifications as they happen. Generated from `packages/contracts/src/live.ts` by `npm run openapi`.',
        '',
        '## Connecting, tokens and reconnecting',
        '',
        ...RECONNECT_RULES.map((rule) => `- ${rule}`),
      ].join('\n'),
    },
    defaultContentType: 'application/json',
    servers: {
      kerf: {
        host: 'localhost:3000',
        protocol: 'ws',
        description: 'this Kerf instance (use wss and its own host in production)',
      },
    },
    channels: {
      live: {
        address: LIVE_PATH,
        title: 'Live socket',
        description: 'One WebSocket per client; any number of subscriptions on it.',
        servers: [{ $ref: '#/servers/kerf' }],
        messages: channelMessages,
        bindings: { ws: { method: 'GET', bindingVersion: '0.1.0' } },
      },
    },
    operations: {
      subscribe: {
        action: 'send',
        title: 'Subscribe',
        summary: 'Subscribe to an event type of a machine (or to the own notifications).',
        channel: { $ref: '#/channels/live' },
        messages: [inChannel(subscribe)],
      },
      unsubscribe: {
        action: 'send',
        title: 'Unsubscribe',
        channel: { $ref: '#/channels/live' },
        messages: [inChannel(unsubscribe)],
      },
      receive: {
        action: 'receive',
        title: 'Receive events, acknowledgements and errors',
        channel: { $ref: '#/channels/live' },
        messages: [...events, subscribed, unsubscribed, error].map(inChannel),
      },
    },
    components: { messages, schemas },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
