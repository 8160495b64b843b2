import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { generateAsyncApi } from '../asyncapi';
import { BODILESS_SUCCESSES } from '../lib/route';

type Operation = {
  operationId?: string;
  responses?: Record<string, unknown>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { anyOf?: unknown[] } }> };
};

/** Lists the success answers without a body (204 of a delete, 201 of a contact form) as well. */
function withBodilessSuccesses<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations)) {
      const statuses = operation.operationId ? BODILESS_SUCCESSES.get(operation.operationId) : undefined;
      if (!statuses) continue;
      operation.responses ??= {};
      for (const status of statuses) operation.responses[String(status)] ??= { description: 'No content' };
    }
  return document;
}

const isNullSchema = (schema: unknown) => (schema as { type?: unknown } | null)?.type === 'null';

/**
 * A body that may be left out (a contract's `body` that is `.nullish()`: Fastify validates a missing
 * body as null) is an optional request body of its object, not a required one that may be `null`.
 */
function withOptionalBodies<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations)) {
      const body = operation.requestBody;
      const media = body?.content?.['application/json'];
      const anyOf = media?.schema?.anyOf;
      if (!body || !media || !anyOf?.some(isNullSchema)) continue;
      const rest = anyOf.filter((schema) => !isNullSchema(schema));
      if (rest.length !== 1) continue;
      media.schema = rest[0] as { anyOf?: unknown[] };
      body.required = false;
    }
  return document;
}

/**
 * The OpenAPI document of the registered routes, generated from their zod contracts, and its UI at
 * /api/docs. Registered before the modules so that it sees every route; `src/openapi.ts` writes the
 * committed `docs/openapi.json` from it (`npm run openapi`, checked fresh by a test).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kerf API',
        version: '1',
        description:
          'Errors are `{code, message, details}` with the catalogue codes of @kerf/contracts (docs/errors.md lists them).',
      },
      // relative: the instance that serves this document
      servers: [{ url: '/', description: 'this Kerf instance' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Integration clients (ERP, BDE, CRM): a tenant API key, accepted on the operations that
          // name an `x-api-scope` the key holds (ADR 0020).
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          // The shop-floor board (issue 36): `Authorization: Board <secret>` of a board link, accepted by
          // the board's own route only.
          board: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'A board link’s secret as `Board <secret>`: reads that location’s board and nothing else.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => withOptionalBodies(withBodilessSuccesses(jsonSchemaTransformObject(input))),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The live socket's AsyncAPI document (docs/asyncapi.json), generated once from the same contracts.
  let asyncApi: string | undefined;
  app.get('/api/docs/asyncapi.json', { schema: { hide: true } }, async (_request, reply) => {
    asyncApi ??= generateAsyncApi();
    return reply.header('content-type', 'application/json; charset=utf-8').send(asyncApi);
  });
}
