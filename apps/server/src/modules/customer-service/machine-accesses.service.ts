import type { MachineAccess, MachineAccessState, Page, ServiceType } from '@kerf/contracts';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AuditedAccess } from './audited-access';
import { diagnosticsFor } from './customer-service';
import {
  findAccess,
  listAccesses,
  listMachines,
  siteManagerSerialOf,
  toMachineAccess,
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

/**
 * Remote-service connections through the gate manager (ADR 0016): the list, one connection, opening
 * and closing. Every read and change goes through `audited`.
 */
export function createMachineAccessesService(deps: { audited: AuditedAccess }) {
  const { audited } = deps;

  return {
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
  };
}

export type MachineAccessesService = ReturnType<typeof createMachineAccessesService>;
