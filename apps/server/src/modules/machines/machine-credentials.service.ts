import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { machineTopics, machineUsername, parseMachineTopic } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { BrokerAccess, BrokerPrincipal } from '../../plugins/bus';
import { findMachineCredential, findMachineSerial, upsertMachineCredential } from './machines.repository';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface MachineCredential {
  tenantId: string;
  machineId: string;
  serial: string;
  username: string;
  password: string;
}

/**
 * Per-machine MQTT credentials (OWASP ISVS 2.1.10): a random 256-bit secret, shown once, stored as
 * SHA-256 (a random secret needs no slow hash). Issuing again replaces the old one (revocation).
 */
export function createMachineCredentialsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  return {
    async issue(tenantId: string, machineId: string): Promise<MachineCredential> {
      return transactions.withTenant(tenantId, async (tx) => {
        const serial = await findMachineSerial(tx, machineId);
        if (!serial) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
        const username = machineUsername(tenantId, serial);
        const password = randomBytes(32).toString('base64url');
        await upsertMachineCredential(tx, { tenantId, machineId, username, secretHash: sha256(password) });
        return { tenantId, machineId, serial, username, password };
      });
    },

    /** The broker's check on connect; null for anything but a valid, unrevoked credential. */
    async authenticate(username: string, password: string): Promise<BrokerPrincipal | null> {
      if (username.length > 200 || password.length > 200) return null;
      const row = await transactions.withSignIn((tx) => findMachineCredential(tx, username));
      const given = Buffer.from(sha256(password), 'hex');
      const stored = Buffer.from(row?.secretHash ?? sha256('no such credential'), 'hex');
      if (!row || row.revokedAt || !timingSafeEqual(given, stored)) return null;
      const serial = username.slice(row.tenantId.length + 1);
      if (machineUsername(row.tenantId, serial) !== username) return null;
      return { kind: 'machine', tenantId: row.tenantId, serial };
    },
  };
}
export type MachineCredentialsService = ReturnType<typeof createMachineCredentialsService>;

/**
 * Topic ACL of the embedded broker: a machine publishes only its own telemetry and presence, and
 * subscribes only to its own ack and command topics, literally (no wildcards). The server's own
 * client may do everything.
 */
export function createMachineBrokerAccess(
  credentials: Pick<MachineCredentialsService, 'authenticate'>,
): BrokerAccess {
  const own = (principal: BrokerPrincipal, topic: string, kinds: string[]) => {
    if (principal.kind !== 'machine') return false;
    const parsed = parseMachineTopic(topic);
    return (
      parsed !== null &&
      parsed.tenantId === principal.tenantId &&
      parsed.serial === principal.serial &&
      kinds.includes(parsed.kind) &&
      topic === machineTopics(principal.tenantId, principal.serial)[parsed.kind]
    );
  };
  return {
    authenticate: (username, password) => credentials.authenticate(username, password),
    canPublish: (principal, topic) =>
      principal.kind === 'internal' || own(principal, topic, ['telemetry', 'presence']),
    canSubscribe: (principal, topic) =>
      principal.kind === 'internal' || own(principal, topic, ['ack', 'command']),
  };
}
