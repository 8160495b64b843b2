import { type ErrorCode, type ErrorResponse, type FieldError, fieldErrorFromIssue } from '@kerf/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, messageOf } from '../lib/app-error';
import { currentWork, isStatementTimeout } from '../lib/budget';

const CONTEXTS: Record<string, FieldError['in']> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

function fieldErrors(
  error: FastifyError & {
    validation: {
      keyword: string;
      instancePath: string;
      message?: string;
      params: Record<string, unknown>;
    }[];
  },
): FieldError[] {
  const where = CONTEXTS[error.validationContext ?? 'body'] ?? 'body';
  const fields: FieldError[] = [];
  for (const item of error.validation) {
    const issue = {
      code: item.keyword,
      message: item.message ?? '',
      ...item.params,
    } as unknown as z.core.$ZodIssue;
    const base = item.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const mapped = fieldErrorFromIssue(issue);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        fields.push({ field: base ? `${base}.${key}` : key, in: where, code: 'UNKNOWN_FIELD' });
      continue;
    }
    fields.push({ field: base, in: where, ...mapped });
  }
  return fields;
}

/** Fastify's own error codes mapped to the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'common.PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'common.UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation.MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation.MALFORMED_BODY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation.MALFORMED_BODY',
};

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // read_only_sql_transaction: the endpoint reached a standby, not (yet) the primary
  '25006',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|Cannot use a pool after calling end|timeout exceeded when trying to connect|PGlite is closed|the database system is (starting up|shutting down)/i;

/** True when an error, or one it wraps, says the database cannot be reached right now. */
function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * SQLSTATEs the database answers when a value it was given cannot be stored or read: the input's
 * fault, not the server's. The contracts should have refused such values; when one gets through,
 * the client gets a 400 and the log a warning naming the gap.
 */
const INPUT_SQLSTATES: Record<string, string> = {
  '22001': 'string_data_right_truncation',
  '22003': 'numeric_value_out_of_range',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22021': 'character_not_in_repertoire',
  '22026': 'string_data_length_mismatch',
  '22P02': 'invalid_text_representation',
  '22P05': 'untranslatable_character',
  '54000': 'program_limit_exceeded',
};

/** The SQLSTATE of a database error caused by input, looking through wrapping errors; else undefined. */
function inputSqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && e.code in INPUT_SQLSTATES) return e.code;
    current = e.cause;
  }
  return undefined;
}

function send(
  reply: FastifyReply,
  status: number,
  body: ErrorResponse,
  headers: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Every failure leaves as `{code, message, details}` with a catalogue code; a 5xx never carries
 * internals, only the request id to find it in the logs.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    try {
      return answer(error, request, reply);
    } catch (handlerError) {
      // Even a fault here must not reach the client as text.
      request.log.error({ err: handlerError, original: error }, 'error handler failed');
      return send(reply, 500, {
        code: 'common.INTERNAL_ERROR',
        message: messageOf('common.INTERNAL_ERROR'),
        details: { requestId: String(request.id) },
      });
    }
  });

  app.setNotFoundHandler((request, reply) => {
    return send(reply, 404, {
      code: 'common.NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    return send(
      reply,
      error.status,
      { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      error.headers,
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const code = 'validation.INVALID_INPUT';
    return send(reply, 400, { code, message: messageOf(code), details: { fields: fieldErrors(error) } });
  }
  if (error.validation) {
    const code = 'validation.INVALID_INPUT';
    return send(reply, 400, { code, message: messageOf(code) });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return send(reply, 400, {
      code: 'validation.MALFORMED_BODY',
      message: messageOf('validation.MALFORMED_BODY'),
    });
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) {
    const status = mapped === 'common.NOT_FOUND' ? 404 : (error.statusCode ?? 400);
    return send(reply, status, { code: mapped, message: messageOf(mapped) });
  }
  if (error.statusCode === 429) {
    return send(reply, 429, { code: 'common.RATE_LIMITED', message: messageOf('common.RATE_LIMITED') });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error without catalogue code');
    const code = error.statusCode === 404 ? 'common.NOT_FOUND' : 'validation.MALFORMED_BODY';
    return send(reply, error.statusCode === 404 ? 404 : 400, { code, message: messageOf(code) });
  }
  const sqlState = inputSqlState(error);
  if (sqlState) {
    request.log.warn(
      { err: error, sqlState, condition: INPUT_SQLSTATES[sqlState], route: request.routeOptions.url },
      'contract gap: the database refused a value the contract let through',
    );
    const code = 'validation.INVALID_INPUT';
    return send(reply, 400, { code, message: messageOf(code), details: { requestId: String(request.id) } });
  }
  if (isStatementTimeout(error)) {
    // a statement ran over its budget (lib/budget.ts) and the database cancelled it
    request.log.warn(
      { err: error, route: request.routeOptions.url, method: request.method, work: currentWork() },
      'statement timeout: the request ran over its time budget',
    );
    return send(reply, 503, {
      code: 'common.TIMEOUT',
      message: messageOf('common.TIMEOUT'),
      details: { requestId: String(request.id) },
    });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return send(
      reply,
      503,
      {
        code: 'common.SERVICE_UNAVAILABLE',
        message: messageOf('common.SERVICE_UNAVAILABLE'),
        details: { retryAfterSeconds: 5, requestId: String(request.id) },
      },
      { 'retry-after': '5' },
    );
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
  } else {
    request.log.error({ err: error }, 'request failed');
  }
  return send(reply, 500, {
    code: 'common.INTERNAL_ERROR',
    message: messageOf('common.INTERNAL_ERROR'),
    details: { requestId: String(request.id) },
  });
}
