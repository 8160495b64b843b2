import { z } from 'zod';
import { TenantSlugSchema, UsernameSchema } from './auth';
import {
  IdParamsSchema,
  InstantSchema,
  pageQuerySchema,
  pageSchema,
  QueryBooleanSchema,
  withDateRange,
} from './common';
import { PasswordSchema } from './password';
import { RoleSchema, TenantKindSchema } from './roles';
import { defineRoute } from './route';
import { identifier, searchText, text } from './text';

/**
 * The system admin's area (issue 18): tenants, users across tenants, the mail outbox, the audit log of
 * every tenant, ingest health and background jobs. product.md §6 names the role but lists no endpoint for
 * it, so every route here is an addition under the platform prefix (`/api/system/…`); every read
 * runs through the audited platform path.
 */
const ADDITION =
  'the system admin area (issue 18); product.md §6 names the role, §7 lists no endpoint for it.';

export const SystemTenantSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    kind: TenantKindSchema,
    active: z.boolean(),
    createdAt: z.iso.datetime(),
    /** users not deleted */
    users: z.number().int(),
    /** cutting machines not deleted */
    machines: z.number().int(),
  })
  .meta({ id: 'SystemTenant' });
export type SystemTenant = z.infer<typeof SystemTenantSchema>;

/** The kinds of tenant a system admin creates; the provider tenant exists once. */
export const CREATABLE_TENANT_KINDS = ['PRINTING_SHOP', 'GRINDING_SHOP', 'MANUFACTURER'] as const;
export const ADMIN_ROLE_OF_KIND = {
  PRINTING_SHOP: 'ADMIN_PRINTING_SHOP',
  GRINDING_SHOP: 'ADMIN_GRINDING_SHOP',
  MANUFACTURER: 'ADMIN_MANUFACTURER',
} as const;

export const CreateTenantSchema = z
  .strictObject({
    slug: TenantSlugSchema,
    name: text({ min: 1, max: 200 }),
    kind: z.enum(CREATABLE_TENANT_KINDS),
    /** the tenant's first admin, who then creates everyone else */
    admin: z.strictObject({
      username: UsernameSchema,
      email: z.email().max(254),
      firstName: text({ min: 1, max: 100 }),
      lastName: text({ min: 1, max: 100 }),
      password: PasswordSchema,
    }),
  })
  .meta({ id: 'CreateTenant' });
export type CreateTenant = z.input<typeof CreateTenantSchema>;

export const ActiveUpdateSchema = z.strictObject({ active: z.boolean() }).meta({ id: 'ActiveUpdate' });

export const SystemUserSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    tenantSlug: z.string(),
    tenantName: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    role: RoleSchema,
    active: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SystemUser' });
export type SystemUser = z.infer<typeof SystemUserSchema>;

export const MAIL_STATES = ['PENDING', 'SENT', 'FAILED'] as const;
export const MailStateSchema = z.enum(MAIL_STATES);
export type MailState = z.infer<typeof MailStateSchema>;

export const MailSummarySchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    recipient: z.string(),
    subject: z.string(),
    createdAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    /** PENDING: not sent yet (no SMTP_URL, or retries left); FAILED: five attempts failed */
    state: MailStateSchema,
  })
  .meta({ id: 'MailSummary' });
export type MailSummary = z.infer<typeof MailSummarySchema>;

/** A file sent with a mail (a scheduled report's CSV), with its text. */
export const MailAttachmentSchema = z
  .object({ filename: z.string(), contentType: z.string(), size: z.number().int(), content: z.string() })
  .meta({ id: 'MailAttachment' });
export type MailAttachment = z.infer<typeof MailAttachmentSchema>;

export const MailSchema = MailSummarySchema.extend({
  body: z.string(),
  replyTo: z.string().nullable(),
  attachments: z.array(MailAttachmentSchema),
}).meta({ id: 'Mail' });
export type Mail = z.infer<typeof MailSchema>;

export const AuditRecordSchema = z
  .object({
    id: z.number().int(),
    tenantId: z.uuid(),
    tenantSlug: z.string().nullable(),
    at: z.iso.datetime(),
    actorUserId: z.uuid().nullable(),
    actorUsername: z.string().nullable(),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    targetTenantId: z.uuid().nullable(),
    ip: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditRecord' });
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

export const IngestHealthSchema = z
  .object({
    /** telemetry messages per second over the last sampling window */
    messagesPerSecond: z.number(),
    /** since the server started */
    received: z.number().int(),
    /** refused: failed the contract (invalid), or dropped when the queue was full */
    rejected: z.number().int(),
    invalid: z.number().int(),
    dropped: z.number().int(),
    failedBatches: z.number().int(),
    insertedCuts: z.number().int(),
    /** lag: messages received and waiting to be written */
    queued: z.number().int(),
    /** lag: receipt to commit of the oldest message of the last committed batch, ms (null: none yet) */
    lagMs: z.number().nullable(),
    brokerConnected: z.boolean(),
    /**
     * How long this process's event loop was kept from running (node's event-loop delay) over the
     * last one to two minutes: every HTTP answer, MQTT acknowledgement and live frame waits this long
     * on top of its own work.
     */
    eventLoop: z
      .object({
        p50Ms: z.number(),
        p99Ms: z.number(),
        maxMs: z.number(),
        samples: z.number().int(),
        windowSeconds: z.number().int(),
      })
      .meta({ id: 'EventLoopDelay' }),
    sampledAt: z.iso.datetime(),
  })
  .meta({ id: 'IngestHealth' });
export type IngestHealth = z.infer<typeof IngestHealthSchema>;

export const JobStatusSchema = z
  .object({
    name: z.string(),
    everyMs: z.number().int(),
    outcome: z.enum(['never', 'running', 'succeeded', 'failed', 'skipped']),
    lastStartedAt: z.iso.datetime().nullable(),
    lastFinishedAt: z.iso.datetime().nullable(),
    lastDurationMs: z.number().int().nullable(),
    lastMessage: z.string().nullable(),
    nextRunAt: z.iso.datetime().nullable(),
    runs: z.number().int(),
    failures: z.number().int(),
  })
  .meta({ id: 'JobStatus' });
export type JobStatus = z.infer<typeof JobStatusSchema>;

const JobParamsSchema = z.strictObject({
  name: identifier(
    z
      .string()
      .max(64)
      .regex(/^[a-z0-9-]+$/),
  ),
});

export const listSystemTenants = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/system/tenants',
  summary: 'Every tenant with its user and machine counts, searched by name or slug (audited)',
  specAddition: ADDITION,
  access: 'platform:manage',
  query: pageQuerySchema(25).extend({
    search: searchText(100).optional(),
    active: QueryBooleanSchema.optional(),
  }),
  responses: { 200: pageSchema(SystemTenantSchema).meta({ id: 'SystemTenantPage' }) },
  errors: [],
});

export const createSystemTenant = defineRoute({
  module: 'platform',
  method: 'POST',
  path: '/system/tenants',
  summary: 'Creates a tenant with its first admin user (audited)',
  specAddition: ADDITION,
  access: 'platform:manage',
  body: CreateTenantSchema,
  responses: { 201: SystemTenantSchema },
  errors: ['service.knives.TENANT_ID_TAKEN'],
});

export const setSystemTenantActive = defineRoute({
  module: 'platform',
  method: 'PUT',
  path: '/system/tenants/:id/active',
  summary:
    "Disables or re-enables a tenant: a disabled tenant's users are refused at once (signed-in sessions and refresh tokens too) and its machines are disconnected and refused by the broker",
  specAddition: ADDITION,
  access: 'platform:manage',
  params: IdParamsSchema,
  body: ActiveUpdateSchema,
  responses: { 200: SystemTenantSchema },
  errors: ['authentication.TENANT_NOT_FOUND', 'authentication.CANNOT_CHANGE_OWN_ACCOUNT'],
});

export const listSystemUsers = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/system/users',
  summary: 'Users of every tenant, searched by username, name or e-mail (audited)',
  specAddition: ADDITION,
  access: 'platform:manage',
  query: pageQuerySchema(25).extend({
    search: searchText(100).optional(),
    tenant_id: z.uuid().optional(),
  }),
  responses: { 200: pageSchema(SystemUserSchema).meta({ id: 'SystemUserPage' }) },
  errors: [],
});

export const setSystemUserActive = defineRoute({
  module: 'platform',
  method: 'PUT',
  path: '/system/users/:id/active',
  summary: "Deactivates or reactivates a user of any tenant; a deactivated user's sessions end at once",
  specAddition: ADDITION,
  access: 'platform:manage',
  params: IdParamsSchema,
  body: ActiveUpdateSchema,
  responses: { 200: SystemUserSchema },
  errors: ['authentication.USER_NOT_FOUND', 'authentication.CANNOT_CHANGE_OWN_ACCOUNT'],
});

export const listSystemMails = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/system/mails',
  summary: 'The mail outbox, newest first (audited)',
  specAddition: ADDITION,
  access: 'platform:manage',
  query: pageQuerySchema(25).extend({
    state: MailStateSchema.optional(),
    search: searchText(100).optional(),
  }),
  responses: { 200: pageSchema(MailSummarySchema).meta({ id: 'MailSummaryPage' }) },
  errors: [],
});

export const getSystemMail = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/system/mails/:id',
  summary: 'One mail of the outbox with its text (audited)',
  specAddition: ADDITION,
  access: 'platform:manage',
  params: IdParamsSchema,
  responses: { 200: MailSchema },
  errors: ['common.NOT_FOUND'],
});

export const resendSystemMail = defineRoute({
  module: 'platform',
  method: 'POST',
  path: '/system/mails/:id/resend',
  summary: 'Queues a copy of a mail to be sent again; answers the copy',
  specAddition: ADDITION,
  access: 'platform:manage',
  params: IdParamsSchema,
  responses: { 201: MailSummarySchema },
  errors: ['common.NOT_FOUND'],
});

export const listSystemAudit = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/system/audit',
  summary:
    'Audit entries of every tenant, newest first, filtered by tenant, actor, action and time (audited)',
  specAddition: ADDITION,
  access: 'platform:manage',
  query: withDateRange(
    pageQuerySchema(50).extend({
      tenant_id: z.uuid().optional(),
      /** the actor's username (part of it) */
      actor: searchText(64).optional(),
      /** an action or its beginning: `auth.` finds every sign-in event */
      action: searchText(100).optional(),
      from: InstantSchema.optional(),
      to: InstantSchema.optional(),
    }),
    { start: 'from', end: 'to', inclusive: true },
  ),
  responses: { 200: pageSchema(AuditRecordSchema).meta({ id: 'AuditRecordPage' }) },
  errors: [],
});

export const getIngestHealth = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/system/ingest',
  summary: 'Telemetry ingest of this instance: messages per second, rejected messages, lag',
  specAddition: ADDITION,
  access: 'platform:manage',
  responses: { 200: IngestHealthSchema },
  errors: [],
});

export const listSystemJobs = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/system/jobs',
  summary: 'Background jobs of this instance with their last outcome and next run',
  specAddition: ADDITION,
  access: 'platform:manage',
  responses: { 200: z.array(JobStatusSchema) },
  errors: [],
});

export const runSystemJob = defineRoute({
  module: 'platform',
  method: 'POST',
  path: '/system/jobs/:name/run',
  summary: 'Runs a background job now and answers its status afterwards',
  specAddition: ADDITION,
  access: 'platform:manage',
  params: JobParamsSchema,
  responses: { 200: JobStatusSchema },
  errors: ['common.NOT_FOUND'],
});

export const systemAdminRoutes = [
  listSystemTenants,
  createSystemTenant,
  setSystemTenantActive,
  listSystemUsers,
  setSystemUserActive,
  listSystemMails,
  getSystemMail,
  resendSystemMail,
  listSystemAudit,
  getIngestHealth,
  listSystemJobs,
  runSystemJob,
] as const;

/**
 * Every row of the caller's tenant as a ZIP: one JSON file per table (an array of rows with the
 * database's column names), a `manifest.json` with the row counts and where they were read
 * (`readFrom`: the primary, or a streaming replica and its lag). Secrets (password, token and
 * credential hashes) are left out. Read under the tenant's row-level security, so it can hold no
 * other tenant's row.
 */
export const exportTenantData = defineRoute({
  module: 'platform',
  method: 'GET',
  path: '/tenant/export',
  summary: "All of the own tenant's data as a ZIP of JSON files, streamed (tenant admins)",
  specAddition: "the tenant admin's data export (issue 18, GDPR Art. 20 data portability).",
  access: 'tenant-data:export',
  responses: { 200: z.string().describe('application/zip') },
  // one export per tenant at a time: a second one while it runs is refused with Retry-After
  errors: ['common.RATE_LIMITED'],
});
