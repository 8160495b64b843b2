import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
        description: 'Errors are `{code, message, details}` with the catalogue codes of @kerf/contracts.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Integration clients (ERP, BDE, CRM): a tenant API key, accepted on the operations that
          // name an `x-api-scope` the key holds (ADR 0020).
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
