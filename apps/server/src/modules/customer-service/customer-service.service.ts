import {
  type Customer,
  type CustomerDetails,
  hasPermission,
  type Language,
  type MachineAccess,
  type MachineAccessState,
  type Page,
  type SearchView,
  type ServiceMachine,
  type ServiceMachineDetails,
  type ServiceType,
} from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  type CsvColumn,
  csvCells,
  csvColumns,
  csvHeader,
  type ExportTexts,
  exportFileName,
  exportTexts,
  tenantSlug,
} from '../../lib/csv-export';
import { type AuditedAccess, createAuditedAccess, type Touched } from './audited-access';
import {
  findAccess,
  findCustomerContact,
  listAccesses,
  listCustomers,
  listMachines,
  reportRows,
  searchCustomersAndMachines,
  siteManagerSerialOf,
  tenantSlugs,
  toMachineAccess,
  usageSince,
} from './customers.repository';
import { closeMachineAccessRow, insertMachineAccess } from './machine-accesses.repository';

/** The gate manager through which remote-service connections run (glossary). */
export const GATE_MANAGER = 'gm-eu-central.kerf.example';

/** How each service type reaches the machine through the gate manager (ADR 0016). */
export const SERVICE_PROTOCOLS: Record<ServiceType, string> = {
  REMOTE_DESKTOP: 'RDP over TLS (443)',
  VPN: 'IPsec tunnel to the machine subnet (443)',
  LOG_DOWNLOAD: 'HTTPS file transfer (443)',
};

const DAY_MS = 86_400_000;

const machineTouched = (machine: ServiceMachine): Touched => ({
  tenantId: machine.tenantId,
  targetType: 'machine',
  targetId: machine.id,
  label: machine.serialNumber,
});

/**
 * What customer service reads and does at its customers (product.md §2 "Customer service"): customers,
 * machines, remote-service connections, the CSV report. Every read goes through `audited`.
 */
export function createCustomerServiceService(deps: { transactions: Transactions; audited?: AuditedAccess }) {
  const audited = deps.audited ?? createAuditedAccess(deps.transactions);
  const diagnosticsFor = (actor: Actor) => hasPermission(actor.role, 'machine-access:diagnostics');

  return {
    listCustomers(actor: Actor, search?: string): Promise<Customer[]> {
      return audited(
        actor,
        'customer-service.customers.list',
        { search: search ?? null },
        async (tx, scope) => {
          const result = await listCustomers(tx, actor.tenantId, scope.tenantIds, search);
          return {
            result,
            touched: result.map((c) => ({
              tenantId: c.id,
              targetType: 'customer' as const,
              targetId: c.id,
              label: c.name,
            })),
          };
        },
      );
    },

    search(actor: Actor, term: string): Promise<SearchView> {
      return audited(actor, 'customer-service.search', { search: term }, async (tx, scope) => {
        if (!term) return { result: { customers: [], machines: [] }, touched: [] };
        const result = await searchCustomersAndMachines(tx, scope.tenantIds, term);
        const touched: Touched[] = [
          ...result.customers.map((c) => ({ tenantId: c.id, targetType: 'search' as const, label: term })),
          ...result.machines.map((m) => ({
            tenantId: m.tenantId,
            targetType: 'search' as const,
            label: term,
          })),
        ];
        return { result, touched };
      });
    },

    customerDetails(actor: Actor, tenantId: string): Promise<CustomerDetails> {
      return audited(actor, 'customer-service.customer.read', { tenantId }, async (tx, scope) => {
        if (!scope.tenantIds.includes(tenantId))
          throw new AppError('service.customer-service.CUSTOMER_NOT_FOUND');
        const [customer] = await listCustomers(tx, actor.tenantId, [tenantId]);
        if (!customer) throw new AppError('service.customer-service.CUSTOMER_NOT_FOUND');
        const contact = hasPermission(actor.role, 'customer-contacts:read')
          ? await findCustomerContact(tx, tenantId)
          : null;
        const machines = await listMachines(tx, [tenantId]);
        return {
          result: { customer, contact, machines },
          touched: [{ tenantId, targetType: 'customer', targetId: tenantId, label: customer.name }],
        };
      });
    },

    listMachines(actor: Actor, query: { search?: string; tenantId?: string }): Promise<ServiceMachine[]> {
      return audited(actor, 'customer-service.machines.list', query, async (tx, scope) => {
        const ids = query.tenantId ? scope.tenantIds.filter((id) => id === query.tenantId) : scope.tenantIds;
        const result = await listMachines(tx, ids, { search: query.search });
        const tenants = [...new Set(result.map((m) => m.tenantId))];
        return {
          result,
          touched: tenants.map((tenantId) => ({
            tenantId,
            targetType: 'machine' as const,
            label: query.search,
          })),
        };
      });
    },

    machineBySerial(actor: Actor, serial: string): Promise<ServiceMachineDetails> {
      return audited(actor, 'customer-service.machine.read', { serial }, async (tx, scope) => {
        const [machine] = await listMachines(tx, scope.tenantIds, { serial });
        if (!machine) throw new AppError('service.customer-service.MACHINE_NOT_FOUND');
        const usage = (await usageSince(tx, [machine.tenantId], new Date(Date.now() - DAY_MS))).get(
          machine.id,
        );
        const { rows } = await listAccesses(tx, [machine.tenantId], {
          serialNumber: serial,
          page: 0,
          pageSize: 50,
        });
        const { cuttingWidth: _width, ...view } = machine;
        return {
          result: {
            machine: view,
            cutsLast24h: usage?.cuts ?? 0,
            runningSecondsLast24h: usage?.runningSeconds ?? 0,
            accesses: rows.map((row) => toMachineAccess(row, diagnosticsFor(actor))),
          },
          touched: [machineTouched(machine)],
        };
      });
    },

    listAccesses(
      actor: Actor,
      query: {
        serialNumber?: string;
        tenantId?: string;
        state?: MachineAccessState;
        page: number;
        page_size: number;
      },
    ): Promise<Page<MachineAccess>> {
      return audited(actor, 'customer-service.machine-accesses.list', { ...query }, async (tx, scope) => {
        const { rows, total } = await listAccesses(tx, scope.tenantIds, {
          serialNumber: query.serialNumber,
          tenantId: query.tenantId,
          state: query.state,
          page: query.page,
          pageSize: query.page_size,
        });
        const items = rows.map((row) => toMachineAccess(row, diagnosticsFor(actor)));
        return {
          result: { items, total, page: query.page, pageSize: query.page_size },
          touched: items.map((a) => ({
            tenantId: a.tenantId,
            targetType: 'machine-access' as const,
            targetId: a.id,
            label: a.serialNumber,
          })),
        };
      });
    },

    getAccess(actor: Actor, id: string): Promise<MachineAccess> {
      return audited(actor, 'customer-service.machine-access.read', { id }, async (tx, scope) => {
        const row = await findAccess(tx, scope.tenantIds, id);
        if (!row) throw new AppError('service.customer-service.MACHINE_ACCESS_NOT_FOUND');
        const access = toMachineAccess(row, diagnosticsFor(actor));
        return {
          result: access,
          touched: [
            {
              tenantId: access.tenantId,
              targetType: 'machine-access',
              targetId: id,
              label: access.serialNumber,
            },
          ],
        };
      });
    },

    /**
     * Opens a connection through the gate manager. A machine whose site manager is not online cannot
     * be reached: the attempt is recorded as FAILED (and answered), so the history shows it.
     */
    openService(actor: Actor, serial: string, serviceType: ServiceType): Promise<MachineAccess> {
      return audited(
        actor,
        'customer-service.machine-access.open',
        { serial, serviceType },
        async (tx, scope, staff) => {
          const [machine] = await listMachines(tx, scope.tenantIds, { serial });
          if (!machine) throw new AppError('service.customer-service.MACHINE_NOT_FOUND');
          const { rows: open } = await listAccesses(tx, [machine.tenantId], {
            serialNumber: serial,
            state: 'ACTIVE',
            page: 0,
            pageSize: 50,
          });
          if (open.some((row) => row.service_type === serviceType))
            throw new AppError('service.customer-service.MACHINE_ACCESS_ACTIVE');
          const reachable = machine.onlineStatus === 'ONLINE';
          const id = await insertMachineAccess(tx, {
            tenantId: machine.tenantId,
            machineId: machine.id,
            serviceType,
            state: reachable ? 'ACTIVE' : 'FAILED',
            actorTenantId: actor.tenantId,
            actorUserId: actor.userId,
            actorName: staff.name,
            actorRole: staff.role,
            closedAt: reachable ? null : new Date(),
            diagnostics: {
              gateManager: GATE_MANAGER,
              siteManagerSerial: await siteManagerSerialOf(tx, machine.tenantId),
              protocol: SERVICE_PROTOCOLS[serviceType],
              latencyMs: null,
              failureReason: reachable
                ? null
                : `site manager not reachable (machine ${machine.onlineStatus})`,
            },
          });
          const row = await findAccess(tx, [machine.tenantId], id);
          return {
            result: toMachineAccess(row!, diagnosticsFor(actor)),
            touched: [
              { tenantId: machine.tenantId, targetType: 'machine-access', targetId: id, label: serial },
            ],
          };
        },
      );
    },

    closeAccess(actor: Actor, id: string): Promise<MachineAccess> {
      return audited(actor, 'customer-service.machine-access.close', { id }, async (tx, scope) => {
        const before = await findAccess(tx, scope.tenantIds, id);
        if (!before) throw new AppError('service.customer-service.MACHINE_ACCESS_NOT_FOUND');
        await closeMachineAccessRow(tx, before.tenant_id, id);
        const row = await findAccess(tx, scope.tenantIds, id);
        const access = toMachineAccess(row!, diagnosticsFor(actor));
        return {
          result: access,
          touched: [
            {
              tenantId: access.tenantId,
              targetType: 'machine-access',
              targetId: id,
              label: access.serialNumber,
            },
          ],
        };
      });
    },

    /**
     * The customers CSV (docs/exports.md): one line per machine of the chosen customers (all when
     * none are chosen), in the export's language, and its file name — `customers-all-<own tenant>-…`
     * or `customers-<customer slugs>-…` (`customers-selected-<n>-…` beyond three), then the period's
     * first and last day — so the two exports never share a name.
     */
    report(actor: Actor, query: { tenantIds?: string[]; days: number; lang?: Language; timeZone: string }) {
      const { tenantIds, days } = query;
      return audited(
        actor,
        'customer-service.report.export',
        { tenantIds: tenantIds ?? 'ALL', days },
        async (tx, scope) => {
          const selected = tenantIds?.length ? [...new Set(tenantIds)] : null;
          const chosen = selected ?? scope.tenantIds;
          if (chosen.some((id) => !scope.tenantIds.includes(id)))
            throw new AppError('service.customer-service.CUSTOMER_NOT_FOUND');
          const since = new Date(Date.now() - days * DAY_MS);
          const rows = await reportRows(tx, chosen, since);
          const texts = exportTexts(query.lang);
          const columns = customerReportColumns(texts, query.timeZone);
          const slugs = selected ? await tenantSlugs(tx, selected) : [];
          const who = !selected
            ? `all-${await tenantSlug(tx, actor.tenantId)}`
            : slugs.length <= 3
              ? slugs.join('-')
              : `selected-${slugs.length}`;
          const fileName = exportFileName({
            what: 'customers',
            tenant: who,
            from: since,
            to: new Date(),
            timeZone: query.timeZone,
          });
          return {
            result: {
              fileName,
              texts,
              header: csvHeader(columns),
              lines: rows.map((row) => csvCells(columns, row)),
            },
            touched: chosen.map((tenantId) => ({
              tenantId,
              targetType: 'report' as const,
              label: `${days} d`,
            })),
          };
        },
      );
    },
  };
}

type ReportRow = Awaited<ReturnType<typeof reportRows>>[number];

/** The columns of the customers CSV: online status and machine status as label and code. */
function customerReportColumns(texts: ExportTexts, timeZone: string): CsvColumn<ReportRow>[] {
  const c = csvColumns(texts, timeZone);
  type R = ReportRow;
  return [
    ...c.plain<R>('customer', ({ machine }) => machine.tenantName),
    ...c.plain<R>('machine', ({ machine }) => machine.name),
    ...c.plain<R>('serialNumber', ({ machine }) => machine.serialNumber),
    ...c.plain<R>('manufacturer', ({ machine }) => machine.manufacturer),
    ...c.plain<R>('type', ({ machine }) => machine.type),
    ...c.plain<R>('location', ({ machine }) => machine.locationName),
    ...c.instant<R>('licensedAt', ({ machine }) => machine.licensedAt),
    ...c.coded<R>('onlineStatus', 'onlineStatus', ({ machine }) => machine.onlineStatus),
    ...c.coded<R>('status', 'machineStatus', ({ machine }) => machine.status),
    ...c.plain<R>('uptimeHours', ({ usage }) => Math.round(((usage?.runningSeconds ?? 0) / 3600) * 10) / 10),
    ...c.plain<R>('cuts', ({ usage }) => usage?.cuts ?? 0),
    ...c.plain<R>('totalCuts', ({ machine }) => machine.totalCuts),
  ];
}

export type CustomerServiceService = ReturnType<typeof createCustomerServiceService>;
