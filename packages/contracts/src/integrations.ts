import { z } from 'zod';
import { IdParamsSchema } from './common';
import { defineRoute } from './route';
import { identifier, text } from './text';

// ---------------------------------------------------------------------------------------------
// Integration API for ERP, BDE and CRM systems (issue 18, ADR 0020): the tenant admin's API keys
// and outbound webhooks. None of these endpoints is in product.md §7; each says why it is added.

/**
 * What an API key may do. A route opens to keys by naming one scope in its contract (`apiScope`);
 * every other route refuses keys, whatever the scope.
 */
export const API_SCOPES = [
  'machines:read',
  'reports:read',
  'knives:read',
  'orders:read',
  'orders:write',
] as const;
export const ApiScopeSchema = z.enum(API_SCOPES).meta({ id: 'ApiScope' });
export type ApiScope = z.infer<typeof ApiScopeSchema>;

/** The header an API key travels in (OpenAPI security scheme `apiKey`). */
export const API_KEY_HEADER = 'x-api-key';
/** `kerf_<tenant id without dashes>_<43 characters base64url>`: the tenant is found without a platform read. */
export const API_KEY_PATTERN = /^kerf_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/;

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** the key's first characters, to tell keys apart */
    prefix: z.string(),
    scopes: z.array(ApiScopeSchema),
    createdAt: z.iso.datetime(),
    createdBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreateApiKeyRequestSchema = z.strictObject({
  name: text({ min: 1, max: 80 }),
  scopes: z.array(ApiScopeSchema).min(1).max(API_SCOPES.length),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;

/** The created key with its secret, shown this one time. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const WEBHOOK_EVENTS = ['MACHINE_CUTS', 'MACHINE_STATUS', 'ORDER_CLOSED', 'KNIVES_SHIPPED'] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS).meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WEBHOOK_DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const WebhookDeliveryStateSchema = z
  .enum(WEBHOOK_DELIVERY_STATES)
  .meta({ id: 'WebhookDeliveryState' });
export type WebhookDeliveryState = z.infer<typeof WebhookDeliveryStateSchema>;

/**
 * Signature header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * keyed with the endpoint's secret. Receivers recompute it and refuse old timestamps.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'kerf-signature';
export const WEBHOOK_EVENT_HEADER = 'kerf-event';
export const WEBHOOK_DELIVERY_HEADER = 'kerf-delivery';

export const WebhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(WebhookEventSchema),
    description: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** deliveries of the last 24 hours by state */
    recent: z.object({ delivered: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

const webhookUrl = identifier(
  z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^\s]+$/, 'URL'),
);

export const CreateWebhookRequestSchema = z.strictObject({
  url: webhookUrl,
  events: z.array(WebhookEventSchema).min(1).max(WEBHOOK_EVENTS.length),
  description: text({ max: 200 }).optional(),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequestSchema>;

/** The created endpoint with the signing secret, shown this one time. */
export const CreatedWebhookSchema = WebhookEndpointSchema.extend({ secret: z.string() }).meta({
  id: 'CreatedWebhook',
});
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookDeliverySchema = z
  .object({
    id: z.uuid(),
    event: WebhookEventSchema,
    status: WebhookDeliveryStateSchema,
    attempts: z.number().int(),
    responseCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    payload: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const WHY_API_KEYS =
  'product.md §1 names an optional ERP, BDE and CRM integration; §7 lists no endpoint for its keys (issue 18).';
const WHY_WEBHOOKS =
  'product.md §1 names an optional ERP, BDE and CRM integration; outbound webhooks tell those systems what happened (issue 18).';

export const listApiKeys = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/api-keys',
  summary: "The tenant's API keys, newest first (never the keys themselves)",
  specAddition: WHY_API_KEYS,
  access: 'integrations:manage',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: z.array(ApiKeySchema) },
  errors: [],
});

export const createApiKey = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/api-keys',
  summary: 'Create an API key with scopes; the answer holds the key, shown this once',
  specAddition: WHY_API_KEYS,
  access: 'integrations:manage',
  tenantKinds: ['PRINTING_SHOP'],
  body: CreateApiKeyRequestSchema,
  responses: { 201: CreatedApiKeySchema },
  errors: [],
});

export const revokeApiKey = defineRoute({
  module: 'printing-shop',
  method: 'DELETE',
  path: '/api-keys/:id',
  summary: 'Revoke an API key: it is refused from the next request on',
  specAddition: WHY_API_KEYS,
  access: 'integrations:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParamsSchema,
  responses: { 204: null },
  errors: ['service.printing-shops.API_KEY_NOT_FOUND'],
});

export const listWebhooks = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/webhooks',
  summary: "The tenant's webhook endpoints with the state of their recent deliveries",
  specAddition: WHY_WEBHOOKS,
  access: 'integrations:manage',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: z.array(WebhookEndpointSchema) },
  errors: [],
});

export const createWebhook = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/webhooks',
  summary: 'Add a webhook endpoint; the answer holds its signing secret, shown this once',
  specAddition: WHY_WEBHOOKS,
  access: 'integrations:manage',
  tenantKinds: ['PRINTING_SHOP'],
  body: CreateWebhookRequestSchema,
  responses: { 201: CreatedWebhookSchema },
  errors: ['service.printing-shops.WEBHOOK_URL_NOT_ALLOWED'],
});

export const deleteWebhook = defineRoute({
  module: 'printing-shop',
  method: 'DELETE',
  path: '/webhooks/:id',
  summary: 'Remove a webhook endpoint; its pending deliveries are dropped',
  specAddition: WHY_WEBHOOKS,
  access: 'integrations:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParamsSchema,
  responses: { 204: null },
  errors: ['service.printing-shops.WEBHOOK_NOT_FOUND'],
});

export const listWebhookDeliveries = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/webhooks/:id/deliveries',
  summary: 'Delivery log of an endpoint, newest first: state, attempts, response code, next attempt',
  specAddition: WHY_WEBHOOKS,
  access: 'integrations:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParamsSchema,
  query: WebhookDeliveriesQuerySchema,
  responses: { 200: z.array(WebhookDeliverySchema) },
  errors: ['service.printing-shops.WEBHOOK_NOT_FOUND'],
});

// ---- works-council mode (issue 18) ------------------------------------------------------------

/** PSEUDONYMS: persons only under pseudonyms or codes; TEAMS: per-employee sections show teams instead. */
export const WORKS_COUNCIL_MODES = ['PSEUDONYMS', 'TEAMS'] as const;
export const WorksCouncilModeSchema = z.enum(WORKS_COUNCIL_MODES).meta({ id: 'WorksCouncilMode' });
export type WorksCouncilMode = z.infer<typeof WorksCouncilModeSchema>;

export const WorksCouncilSettingSchema = z
  .object({
    /** while on, per-employee reports and CSVs show only pseudonyms (display names) or neutral codes */
    enabled: z.boolean(),
    /** what "on" means: pseudonyms, or aggregated to teams */
    mode: WorksCouncilModeSchema,
    changedAt: z.iso.datetime().nullable(),
    changedBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  })
  .meta({ id: 'WorksCouncilSetting' });
export type WorksCouncilSetting = z.infer<typeof WorksCouncilSettingSchema>;

export const SetWorksCouncilRequestSchema = z.strictObject({
  enabled: z.boolean(),
  /** kept as it was when left out */
  mode: WorksCouncilModeSchema.optional(),
});

const WHY_WORKS_COUNCIL =
  'German co-determination practice expects per-employee evaluations to be pseudonymous where the works council asks for it (issue 18); product.md §7 has no setting for it.';

export const getWorksCouncilSetting = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/works-council-mode',
  summary: 'Whether per-employee reports show only pseudonyms',
  specAddition: WHY_WORKS_COUNCIL,
  access: 'works-council:manage',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: WorksCouncilSettingSchema },
  errors: [],
});

export const setWorksCouncilSetting = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/works-council-mode',
  summary: 'Switch works-council mode on or off, as pseudonyms or aggregated to teams (audited)',
  specAddition: WHY_WORKS_COUNCIL,
  access: 'works-council:manage',
  tenantKinds: ['PRINTING_SHOP'],
  body: SetWorksCouncilRequestSchema,
  responses: { 200: WorksCouncilSettingSchema },
  errors: [],
});

// ---- teams (works-council mode TEAMS, issue 18) -----------------------------------------------

export const TEAM_NAME_MAX = 80;

export const TeamSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** the employees in the team (an employee is in at most one) */
    memberIds: z.array(z.uuid()),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof TeamSchema>;

export const TeamRequestSchema = z.strictObject({ name: text({ min: 1, max: TEAM_NAME_MAX }) });
export type TeamRequest = z.input<typeof TeamRequestSchema>;
export const TeamMembersRequestSchema = z.strictObject({
  /** the team's employees from now on; they leave any team they were in */
  userIds: z.array(z.uuid()).max(1000),
});
export type TeamMembersRequest = z.input<typeof TeamMembersRequestSchema>;

const WHY_TEAMS =
  'Works-council mode can aggregate per-employee reports to teams (issue 18); product.md §7 has no teams.';
const TEAM_ERRORS = ['service.printing-shops.TEAM_NOT_FOUND'] as const;

export const listTeams = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/teams',
  summary: 'Teams of the printing shop with their members',
  specAddition: WHY_TEAMS,
  access: 'users:manage',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: z.array(TeamSchema) },
  errors: [],
});

export const createTeam = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/teams',
  summary: 'Create a team',
  specAddition: WHY_TEAMS,
  access: 'users:manage',
  tenantKinds: ['PRINTING_SHOP'],
  body: TeamRequestSchema,
  responses: { 201: TeamSchema },
  errors: ['service.printing-shops.TEAM_NAME_TAKEN'],
});

export const updateTeam = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/teams/:id',
  summary: 'Rename a team',
  specAddition: WHY_TEAMS,
  access: 'users:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParamsSchema,
  body: TeamRequestSchema,
  responses: { 200: TeamSchema },
  errors: [...TEAM_ERRORS, 'service.printing-shops.TEAM_NAME_TAKEN'],
});

export const setTeamMembers = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/teams/:id/members',
  summary: "Set a team's employees (replaces them; an employee moves from any other team)",
  specAddition: WHY_TEAMS,
  access: 'users:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParamsSchema,
  body: TeamMembersRequestSchema,
  responses: { 200: TeamSchema },
  errors: [...TEAM_ERRORS, 'authentication.USER_NOT_FOUND'],
});

export const deleteTeam = defineRoute({
  module: 'printing-shop',
  method: 'DELETE',
  path: '/teams/:id',
  summary: 'Delete a team; its employees are in no team afterwards',
  specAddition: WHY_TEAMS,
  access: 'users:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParamsSchema,
  responses: { 204: null },
  errors: [...TEAM_ERRORS],
});
