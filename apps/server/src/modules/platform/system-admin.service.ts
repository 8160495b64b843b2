import {
  ADMIN_ROLE_OF_KIND,
  type CreateTenant,
  type IngestHealth,
  type JobStatus,
  type MailSummary,
  type Page,
  type SystemTenant,
  type SystemUser,
} from '@kerf/contracts';
import { type AuditFilter, listAuditRecords } from '../../db/audit.repository';
import type { PlatformAccess, Transactions } from '../../db/transactions';
import type { IngestStats } from '../../ingest/index';
import type { Actor } from '../../lib/actor';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import type { EventLoopMonitor } from '../../lib/event-loop';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { Scheduler, JobStatus as SchedulerJobStatus } from '../../lib/scheduler';
import {
  findSystemTenant,
  findSystemUser,
  findTenantBySlug,
  insertTenant,
  insertUser,
  listSystemTenants,
  listSystemUsers,
  passwordProblem,
  type SessionCache,
  setTenantActive,
  setUserActive,
} from '../auth/index';
import { findMail, listOutbox, mailState, requeueMail } from '../mail/index';

type MailRow = NonNullable<Awaited<ReturnType<typeof findMail>>>;

const toMailSummary = (row: MailRow): MailSummary => ({
  id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  attempts: row.attempts,
  lastError: row.lastError,
  state: mailState(row),
});

const toJobStatus = (status: SchedulerJobStatus): JobStatus => ({
  ...status,
  lastStartedAt: status.lastStartedAt?.toISOString() ?? null,
  lastFinishedAt: status.lastFinishedAt?.toISOString() ?? null,
  nextRunAt: status.nextRunAt?.toISOString() ?? null,
});

/**
 * The system admin's work across tenants (issue 18). Every read and write goes through the platform
 * role with an audit record naming the admin; a disabled tenant's or deactivated user's sessions are
 * dropped from every instance's session memory before the change is answered, so their next request
 * (and their refresh) is refused; the tenant's machines are disconnected from the embedded broker.
 */
export function createSystemAdminService(deps: {
  transactions: Transactions;
  hasher: Pick<PasswordHasher, 'hash'>;
  sessions?: Pick<SessionCache, 'invalidate'>;
  disconnectTenantMachines: (tenantId: string) => number;
  scheduler: Pick<Scheduler, 'list' | 'runNow'>;
  ingestStats: () => IngestStats;
  brokerConnected: () => boolean;
  eventLoop: Pick<EventLoopMonitor, 'delay'>;
  /** hands new outbox mail to the sender (after the commit) */
  deliverMail: () => void;
}) {
  const { transactions } = deps;
  const access = (actor: Actor, action: string, extra: Partial<PlatformAccess> = {}): PlatformAccess => ({
    actor: { tenantId: actor.tenantId, userId: actor.userId, ip: actor.ip },
    action,
    ...extra,
  });

  // Messages per second over the last five seconds, sampled in the background.
  let previous = { at: Date.now(), received: deps.ingestStats().received };
  let rate = 0;
  const sampler = setInterval(() => {
    const now = { at: Date.now(), received: deps.ingestStats().received };
    const seconds = (now.at - previous.at) / 1000;
    if (seconds > 0) rate = (now.received - previous.received) / seconds;
    previous = now;
  }, 5000);
  sampler.unref();

  return {
    close: () => clearInterval(sampler),

    async listTenants(
      actor: Actor,
      filter: { search?: string; active?: boolean; page: number; pageSize: number },
    ): Promise<Page<SystemTenant>> {
      const result = await transactions.withPlatform(
        access(actor, 'system.tenants.list', { details: { search: filter.search ?? null } }),
        (tx) => listSystemTenants(tx, filter),
      );
      return { ...result, page: filter.page, pageSize: filter.pageSize };
    },

    async createTenant(actor: Actor, input: CreateTenant): Promise<SystemTenant> {
      // the first admin's password meets the same policy as every other account's (registration too)
      const problem = passwordProblem(input.admin.password, { username: input.admin.username });
      if (problem) throw AppError.fields([{ field: 'admin.password', in: 'body', code: problem }]);
      const passwordHash = await deps.hasher.hash(input.admin.password);
      let tenantId: string;
      try {
        tenantId = await transactions.withNewTenant(
          access(actor, 'system.tenant.create', { details: { slug: input.slug, kind: input.kind } }),
          async (tx) => {
            if (await findTenantBySlug(tx, input.slug)) throw new AppError('service.knives.TENANT_ID_TAKEN');
            const tenant = await insertTenant(tx, { slug: input.slug, name: input.name, kind: input.kind });
            return tenant.id;
          },
          async (tx, id) => {
            await insertUser(tx, id, {
              username: input.admin.username,
              passwordHash,
              email: input.admin.email,
              firstName: input.admin.firstName,
              lastName: input.admin.lastName,
              displayName: null,
              personnelNumber: null,
              role: ADMIN_ROLE_OF_KIND[input.kind],
              language: null,
              active: true,
            });
            return id;
          },
        );
      } catch (error) {
        if (isUniqueViolation(error, 'tenants_slug_unique'))
          throw new AppError('service.knives.TENANT_ID_TAKEN');
        throw error;
      }
      const created = await transactions.withPlatform(
        access(actor, 'system.tenant.read', { targetTenantId: tenantId }),
        (tx) => findSystemTenant(tx, tenantId),
      );
      return created!;
    },

    async setTenantActive(actor: Actor, tenantId: string, active: boolean): Promise<SystemTenant> {
      if (tenantId === actor.tenantId) throw new AppError('authentication.CANNOT_CHANGE_OWN_ACCOUNT');
      const tenant = await transactions.withPlatform(
        access(actor, active ? 'system.tenant.enable' : 'system.tenant.disable', {
          targetTenantId: tenantId,
        }),
        async (tx) => {
          if (!(await findSystemTenant(tx, tenantId))) throw new AppError('authentication.TENANT_NOT_FOUND');
          await setTenantActive(tx, tenantId, active);
          return findSystemTenant(tx, tenantId);
        },
      );
      if (!active) {
        // After the commit: every instance forgets the tenant's sessions before this is answered.
        await deps.sessions?.invalidate({ tenantId });
        deps.disconnectTenantMachines(tenantId);
      }
      return tenant!;
    },

    async listUsers(
      actor: Actor,
      filter: { search?: string; tenantId?: string; page: number; pageSize: number },
    ): Promise<Page<SystemUser>> {
      const result = await transactions.withPlatform(
        access(actor, 'system.users.list', {
          targetTenantId: filter.tenantId ?? null,
          details: { search: filter.search ?? null },
        }),
        (tx) => listSystemUsers(tx, filter),
      );
      return { ...result, page: filter.page, pageSize: filter.pageSize };
    },

    async setUserActive(actor: Actor, userId: string, active: boolean): Promise<SystemUser> {
      if (userId === actor.userId) throw new AppError('authentication.CANNOT_CHANGE_OWN_ACCOUNT');
      const user = await transactions.withPlatform(
        access(actor, active ? 'system.user.activate' : 'system.user.deactivate', {
          details: { userId },
        }),
        async (tx) => {
          const found = await findSystemUser(tx, userId);
          if (!found) throw new AppError('authentication.USER_NOT_FOUND');
          await setUserActive(tx, found.tenantId, userId, active);
          return findSystemUser(tx, userId);
        },
      );
      if (!active) await deps.sessions?.invalidate({ tenantId: user!.tenantId, userId });
      return user!;
    },

    async listMails(
      actor: Actor,
      filter: { state?: MailSummary['state']; search?: string; page: number; pageSize: number },
    ): Promise<Page<MailSummary>> {
      const result = await transactions.withPlatform(access(actor, 'system.mails.list'), (tx) =>
        listOutbox(tx, filter),
      );
      return {
        items: result.items.map(toMailSummary),
        total: result.total,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },

    async getMail(actor: Actor, id: string) {
      const row = await transactions.withPlatform(
        access(actor, 'system.mail.read', { details: { mailId: id } }),
        (tx) => findMail(tx, id),
      );
      if (!row) throw new AppError('common.NOT_FOUND');
      return {
        ...toMailSummary(row),
        body: row.body,
        replyTo: row.replyTo,
        attachments: (row.attachments ?? []).map((file) => ({
          ...file,
          size: Buffer.byteLength(file.content, 'utf8'),
        })),
      };
    },

    async resendMail(actor: Actor, id: string): Promise<MailSummary> {
      const copy = await transactions.withPlatform(
        access(actor, 'system.mail.resend', { details: { mailId: id } }),
        (tx) => requeueMail(tx, id),
      );
      if (!copy) throw new AppError('common.NOT_FOUND');
      deps.deliverMail();
      return toMailSummary(copy);
    },

    async listAudit(actor: Actor, filter: AuditFilter) {
      const result = await transactions.withPlatform(
        access(actor, 'system.audit.list', { targetTenantId: filter.tenantId ?? null }),
        (tx) => listAuditRecords(tx, filter),
      );
      return { ...result, page: filter.page, pageSize: filter.pageSize };
    },

    ingestHealth(): IngestHealth {
      const stats = deps.ingestStats();
      return {
        messagesPerSecond: Math.round(rate * 100) / 100,
        received: stats.received,
        rejected: stats.invalid + stats.dropped,
        invalid: stats.invalid,
        dropped: stats.dropped,
        failedBatches: stats.failedBatches,
        insertedCuts: stats.insertedCuts,
        queued: stats.queued,
        lagMs: stats.lagMs,
        brokerConnected: deps.brokerConnected(),
        eventLoop: deps.eventLoop.delay(),
        sampledAt: new Date().toISOString(),
      };
    },

    listJobs: (): JobStatus[] => deps.scheduler.list().map(toJobStatus),

    async runJob(name: string): Promise<JobStatus> {
      if (!deps.scheduler.list().some((job) => job.name === name)) throw new AppError('common.NOT_FOUND');
      return toJobStatus(await deps.scheduler.runNow(name));
    },
  };
}

export type SystemAdminService = ReturnType<typeof createSystemAdminService>;
