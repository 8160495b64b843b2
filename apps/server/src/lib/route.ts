import {
  ERROR_STATUS,
  type ErrorCode,
  ErrorResponseSchema,
  hasPermission,
  isBoardAuthorization,
  type RouteContract,
  routeUrl,
} from '@kerf/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './actor';
import { AppError } from './app-error';
import {
  createTenantGate,
  HEAVY_RETRY_AFTER_SECONDS,
  HEAVY_RUNNING_PER_TENANT,
  HEAVY_WAITING_PER_TENANT,
  isGatedContract,
  isHeavyContract,
  runAs,
} from './budget';
import { operationIdOf } from './operation-id';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessBody<C extends RouteContract> = {
  [K in keyof C['responses']]: C['responses'][K] extends z.ZodType
    ? z.input<C['responses'][K]>
    : // biome-ignore lint/suspicious/noConfusingVoidType: routes without a body hand back a service's Promise<void>
      undefined | void;
}[keyof C['responses']];

interface RouteCall<C extends RouteContract> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  headers: Out<C['headers']>;
  /** set for every route that is not public */
  actor: C['access'] extends 'public' ? null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers with the success body, or with the reply itself when it streamed a download. */
export type RouteHandler<C extends RouteContract> = (
  call: RouteCall<C>,
) => Promise<SuccessBody<C> | FastifyReply>;

export interface Authenticator {
  authenticate(request: FastifyRequest): Promise<Actor>;
}

const actors = new WeakMap<FastifyRequest, Actor>();

const GENERIC_ERRORS: ErrorCode[] = ['validation.INVALID_INPUT'];
const SIGNED_IN_ERRORS: ErrorCode[] = [
  'authentication.UNAUTHENTICATED',
  'authentication.TOKEN_EXPIRED',
  'authentication.FORBIDDEN',
];

/**
 * Success statuses without a body, by operationId: the OpenAPI document lists them too
 * (plugins/openapi.ts), although no schema is registered for them.
 */
export const BODILESS_SUCCESSES = new Map<string, number[]>();

function responseSchemas(contract: RouteContract) {
  const responses: Record<number, z.ZodType> = {};
  const bodiless: number[] = [];
  for (const [status, schema] of Object.entries(contract.responses)) {
    if (schema) responses[Number(status)] = schema;
    else bodiless.push(Number(status));
  }
  if (bodiless.length > 0) BODILESS_SUCCESSES.set(operationIdOf(contract), bodiless);
  const codes = unique([
    ...GENERIC_ERRORS,
    ...(contract.access === 'public' ? [] : SIGNED_IN_ERRORS),
    // a heavy route's tenant gate refuses beyond its queue (lib/budget.ts)
    ...(isGatedContract(contract) ? (['common.RATE_LIMITED'] as const) : []),
    ...contract.errors,
  ]);
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    responses[status] ??= ErrorResponseSchema.describe(
      codes.filter((c) => ERROR_STATUS[c] === status).join(', '),
    ) as unknown as z.ZodType;
  }
  return responses;
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** Bearer sessions everywhere; an API key too where the contract names a scope (ADR 0020). */
function securityOf(contract: RouteContract): Record<string, string[]>[] {
  // the shop-floor board's route takes a board link's secret and nothing else (issue 36)
  if (contract.access === 'board:view') return [{ board: [] }];
  return contract.apiScope ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }];
}

/** One gate per server (an app and its child contexts share it): tenants' heavy requests at once. */
const heavyGates = new WeakMap<object, ReturnType<typeof createTenantGate>>();

/** The gate of the app's heavy routes (lib/budget.ts). */
export function heavyGateOf(app: FastifyInstance) {
  let gate = heavyGates.get(app.server);
  if (!gate) {
    gate = createTenantGate(HEAVY_RUNNING_PER_TENANT, HEAVY_WAITING_PER_TENANT);
    heavyGates.set(app.server, gate);
  }
  return gate;
}

/**
 * Registers one contract as a Fastify route: validation of params, query, headers and body by the
 * contract's schemas, serialisation of the answer by its response schema (extra columns never
 * leak), the access check it declares, then the handler.
 */
export function registerRoute<C extends RouteContract>(
  app: FastifyInstance,
  authenticator: Authenticator,
  contract: C,
  handler: RouteHandler<C>,
  options: Pick<RouteShorthandOptions, 'config'> = {},
) {
  const successStatus = Number(Object.keys(contract.responses)[0]);
  // downloads and reports run on the longer statement budget (lib/budget.ts)
  const work = isHeavyContract(contract) ? 'heavy' : 'interactive';
  app.route({
    method: contract.method,
    url: routeUrl(contract),
    ...options,
    schema: {
      operationId: operationIdOf(contract),
      summary: contract.summary,
      tags: [contract.module],
      // Who may call it: the permission of the matrix in contracts/roles.ts (or public, authenticated).
      'x-access': contract.access,
      ...(contract.tenantKinds ? { 'x-tenant-kinds': contract.tenantKinds } : {}),
      ...(contract.specAddition
        ? {
            description: `Addition to the specification: ${contract.specAddition}`,
            'x-spec-addition': true,
          }
        : {}),
      // public operations say so (an empty requirement), the others name their schemes
      security: contract.access === 'public' ? [] : securityOf(contract),
      ...(contract.apiScope ? { 'x-api-scope': contract.apiScope } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: responseSchemas(contract),
    },
    // Sign-in and permission are checked before the body is even read.
    onRequest: async (request) => {
      if (contract.access === 'public') {
        // A board link's secret opens its board and nothing else, the public routes included (issue 36).
        if (isBoardAuthorization(request.headers.authorization))
          throw new AppError('authentication.FORBIDDEN');
        return;
      }
      const actor = await authenticator.authenticate(request);
      if (actor.board) {
        // A shop-floor board (issue 36) reads its own board only, whatever else a route would allow.
        if (contract.access !== 'board:view') throw new AppError('authentication.FORBIDDEN');
      } else if (actor.apiKey) {
        // An API key opens only the routes that name one of its scopes (ADR 0020), never any other.
        if (!contract.apiScope || !actor.apiKey.scopes.includes(contract.apiScope)) {
          throw new AppError('authentication.FORBIDDEN');
        }
      } else if (contract.access !== 'authenticated' && !hasPermission(actor.role, contract.access)) {
        throw new AppError('authentication.FORBIDDEN');
      }
      if (contract.tenantKinds && !contract.tenantKinds.includes(actor.tenantKind)) {
        throw new AppError('authentication.FORBIDDEN');
      }
      actors.set(request, actor);
    },
    handler: (request, reply) =>
      runAs(work, () => (work === 'heavy' ? gated(request, reply) : answer(request, reply))),
  });

  /** A heavy route waits for its tenant's turn (lib/budget.ts); the place is given back when the answer ends. */
  async function gated(request: FastifyRequest, reply: FastifyReply) {
    const actor = actors.get(request);
    if (!actor) return answer(request, reply);
    const entered = heavyGateOf(app).enter(actor.tenantId);
    if (!entered) throw AppError.tooManyAttempts('common.RATE_LIMITED', HEAVY_RETRY_AFTER_SECONDS);
    // 'close': the answer was sent whole, or the client went away (a download cut short, or a
    // client that gave up while waiting)
    let closed = false;
    let release: (() => void) | null = null;
    reply.raw.once('close', () => {
      closed = true;
      release?.();
    });
    release = await entered;
    if (closed) {
      release();
      return reply;
    }
    try {
      return await answer(request, reply);
    } catch (error) {
      release?.();
      throw error;
    }
  }

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const actor = actors.get(request) ?? null;
    const result = await handler({
      params: request.params,
      query: request.query,
      body: request.body,
      headers: request.headers,
      actor,
      request,
      reply,
    } as RouteCall<C>);
    // A download (lib/csv.ts) or a handler that sent a body of its own (a PDF) has answered already.
    if (result === reply || reply.sent) return reply;
    // A handler may answer with another declared status by setting it on the reply.
    if (reply.statusCode === 200) reply.code(successStatus);
    if (contract.responses[successStatus] === null) return reply.send();
    return result;
  }
}
