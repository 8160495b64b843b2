import { z } from 'zod';
import { defineRoute } from './route';

export const HealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export const ReadinessSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({ database: z.boolean(), broker: z.boolean() }),
  })
  .meta({ id: 'Readiness' });

export const health = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/health',
  summary: 'The process is up',
  specAddition: 'liveness probe for operations.',
  access: 'public',
  responses: { 200: HealthSchema },
  errors: [],
});

export const ready = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/ready',
  summary: 'Database and broker are reachable (503 when not)',
  specAddition: 'readiness probe for operations.',
  access: 'public',
  responses: { 200: ReadinessSchema, 503: ReadinessSchema },
  errors: [],
});
