import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { messageOf } from '../lib/app-error';

const REDACTED_PATH = /(\/auth\/sessions\/)[^/?]+/;

/** A client's own request id, for the log only: printable and short, else left out. */
function clientRequestIdOf(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(header) ? header : undefined;
}

/**
 * One line per request, at debug: at info the log says what happens, not every GET. Errors keep
 * Fastify's own lines and levels.
 */
class QuietRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    if (!(reply.log as unknown as Logger).isLevelEnabled('debug')) return;
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made when the request first logs something: most requests log nothing (the
 * request line is at debug), and a pino child per request (its bindings serialised, its redaction
 * set up) was a tenth of the CPU of answering `/api/health`. What it logs carries the request id
 * exactly as a child made up front would; a call below the level enabled makes no child at all.
 */
class RequestLogger {
  #child: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly ownBindings: Record<string, unknown>,
    private readonly options: object,
  ) {}

  private write(level: Level, args: unknown[]) {
    if (!this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...logArgs: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }

  private real(): Logger {
    this.#child ??= this.parent.child(this.ownBindings, this.options);
    return this.#child;
  }

  get level() {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  silent() {}

  isLevelEnabled(level: string) {
    return this.#child ? this.#child.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  child(bindings: Record<string, unknown>, options?: object) {
    return this.real().child(bindings, options);
  }

  bindings() {
    return this.#child ? this.#child.bindings() : { ...this.parent.bindings(), ...this.ownBindings };
  }
}

/**
 * The Fastify instance's own options: logging without secrets, request ids, proxy trust, limits,
 * and catalogue answers for requests that never reach a route.
 */
export function serverOptions(config: Config): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.refreshToken',
          '*.bearerToken',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // The spec puts the refresh token in the logout path; it never reaches a log.
        req: (request) => ({
          method: request.method,
          url: request.url.replace(REDACTED_PATH, '$1[redacted]'),
          remoteAddress: request.ip,
        }),
      },
      // On a terminal: readable lines (pino-pretty in a worker thread); otherwise structured JSON.
      ...(config.logFormat === 'pretty'
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
            },
          }
        : {}),
    },
    logController: new QuietRequestLog(),
    // The server names every request itself: an id a client chose could collide with another's
    // or forge a trail in the log. A client's own `X-Request-Id` is logged beside it, never echoed.
    childLoggerFactory: (logger, bindings, options, raw) => {
      const clientRequestId = clientRequestIdOf(raw.headers['x-request-id']);
      return new RequestLogger(
        logger as unknown as Logger,
        clientRequestId ? { ...bindings, clientRequestId } : bindings,
        options,
      ) as unknown as FastifyBaseLogger;
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // A request's headers and body must arrive within REQUEST_TIMEOUT: a client sending one byte
    // every few seconds no longer holds a connection (and a sign-in) open for minutes. Node looks
    // for such requests every second and answers them 408.
    requestTimeout: config.requestTimeout * 1000,
    http: {
      headersTimeout: Math.min(config.requestTimeout * 1000, 60_000),
      connectionsCheckingInterval: 1000,
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 600 },
    // A path that cannot be decoded never reaches a route; it is still answered from the catalogue.
    frameworkErrors: (_error, request, reply: FastifyReply) =>
      reply
        .code(400)
        .header('x-request-id', request.id)
        .send({
          code: 'validation.INVALID_INPUT',
          message: messageOf('validation.INVALID_INPUT'),
          details: { fields: [{ field: 'path', in: 'params', code: 'INVALID_FORMAT' }] },
        }),
  };
}
