import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config';
import { messageOf } from '../lib/app-error';

const REDACTED_PATH = /(\/auth\/sessions\/)[^/?]+/;

/**
 * One line per request, at debug: at info the log says what happens, not every GET. Errors keep
 * Fastify's own lines and levels.
 */
class QuietRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The Fastify instance's own options: logging without secrets, request ids, proxy trust, limits,
 * and catalogue answers for requests that never reach a route.
 */
export function serverOptions(config: Config): FastifyServerOptions {
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
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
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
