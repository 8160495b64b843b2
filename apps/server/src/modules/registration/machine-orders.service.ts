import { randomBytes } from 'node:crypto';
import type { Currency, RegistrationToken, RegistrationView } from '@kerf/contracts';
import type { Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/hash';
import { queueMail } from '../mail/index';
import { invoiceOrder } from './invoices.service';
import { orderMail } from './order-mail';
import type { AdditionalInput, RegistrationDeps } from './registration';
import {
  appendRegistrationMachines,
  findLiveToken,
  findOwnTenant,
  findRegistration,
  findTenantRegistration,
  insertRegistrationToken,
  markTokenUsed,
  type RegistrationRow,
} from './registration.repository';

const TOKEN_TTL_MS = 60 * 60 * 1000;

/** The order of further machines with a registration token: the token, the registration it opens, the order. */
export function createMachineOrdersService(
  deps: Pick<RegistrationDeps, 'transactions' | 'priceList' | 'support' | 'deliverMail' | 'now'>,
) {
  const { transactions } = deps;
  const now = deps.now ?? (() => new Date());
  /** The tenant and registration an api-token stands for: `<tenant uuid>.<random>`. */
  async function withToken<T>(
    token: string,
    registrationId: string,
    fn: (tx: Tx, tenantId: string, registration: RegistrationRow) => Promise<T>,
  ) {
    const tenantId = token.split('.')[0]!;
    return transactions.withTenant(tenantId, async (tx) => {
      const live = await findLiveToken(tx, sha256Hex(token));
      if (!live || live.registrationId !== registrationId)
        throw new AppError('service.knives.REGISTRATION_TOKEN_INVALID');
      const registration = await findRegistration(tx, registrationId);
      if (!registration) throw new AppError('service.knives.TENANT_NOT_FOUND');
      return fn(tx, tenantId, registration);
    });
  }

  return {
    acquireToken(actor: Actor): Promise<RegistrationToken> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        const registration = await findTenantRegistration(tx);
        if (!registration) throw new AppError('service.knives.TENANT_NOT_FOUND');
        const token = `${actor.tenantId}.${randomBytes(32).toString('base64url')}`;
        const expiresAt = new Date(now().getTime() + TOKEN_TTL_MS);
        await insertRegistrationToken(tx, actor.tenantId, {
          tokenHash: sha256Hex(token),
          registrationId: registration.id,
          createdBy: actor.userId,
          expiresAt,
        });
        return { registrationId: registration.id, token, expiresAt: expiresAt.toISOString() };
      });
    },

    getRegistration(id: string, token: string): Promise<RegistrationView> {
      return withToken(token, id, async (tx, tenantId, registration) => {
        const tenant = await findOwnTenant(tx, tenantId);
        const machines = registration.machines;
        return {
          registrationId: registration.id,
          tenantId: tenant?.slug ?? '',
          company: registration.company,
          country: registration.address.country as 'DE',
          currency: registration.currency as Currency,
          vatNumber: registration.vatNumber,
          machines,
          machineCount: machines.reduce((sum, line) => sum + line.count, 0),
        };
      });
    },

    async orderAdditionalMachines(id: string, token: string, input: AdditionalInput) {
      const result = await withToken(token, id, async (tx, tenantId, registration) => {
        // one order per token: of two requests sent at once (a double click) only the first orders,
        // the second finds the token used (the row lock makes it wait for the first to commit)
        if (!(await markTokenUsed(tx, sha256Hex(token))))
          throw new AppError('service.knives.REGISTRATION_TOKEN_INVALID');
        const tenant = await findOwnTenant(tx, tenantId);
        const machines = input.machines.map((line) => ({ ...line }));
        const invoice = await invoiceOrder(
          tx,
          deps,
          tenantId,
          tenant?.slug ?? '',
          registration,
          machines,
          now(),
        );
        await appendRegistrationMachines(tx, registration.id, machines);
        await queueMail(
          tx,
          orderMail('additional-machines', registration, tenant?.slug ?? '', null, invoice, deps.support),
        );
        return {
          invoiceNumber: invoice.number,
          price: invoice.price,
          machineCount: invoice.price.machineCount,
        };
      });
      deps.deliverMail();
      return result;
    },
  };
}

export type MachineOrdersService = ReturnType<typeof createMachineOrdersService>;
