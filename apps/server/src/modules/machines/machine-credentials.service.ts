import { randomBytes, timingSafeEqual } from 'node:crypto';
import { machineTopics, machineUsername, parseMachineTopic } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/hash';
import type { BrokerAccess, BrokerPrincipal } from '../../plugins/bus';
import {
  findMachineCredential,
  findMachineSerial,
  recordMachineLoginRefusal,
  upsertMachineCredential,
} from './machines.repository';

/** A wrong secret given for a machine's credential (the broker's connect or a doctor report). */
export interface CredentialRefusal {
  tenantId: string;
  machineId: string;
  /** the client's address, `unknown` when the connection had none */
  address: string;
}

/** A client address as stored with a refusal: printable, at most 64 characters. */
const refusalAddress = (from: string | undefined) =>
  from && /^[0-9A-Za-z.:%_-]{1,64}$/.test(from) ? from.replace(/^::ffff:/, '') : 'unknown';

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
  const refusalListeners: ((refusal: CredentialRefusal) => void)[] = [];
  /**
   * Counts a wrong secret for a known, unrevoked credential (issue 31). It changes nothing of the
   * machine or its credential — anyone who knows a machine's username can send one — and is shown
   * as what it is: refused logins from an address. Listeners hear of it after commit.
   */
  async function refuse(tenantId: string, machineId: string, from: string | undefined) {
    const refusal = { tenantId, machineId, address: refusalAddress(from) };
    await transactions.withTenant(tenantId, (tx) => recordMachineLoginRefusal(tx, refusal));
    for (const listener of refusalListeners) listener(refusal);
  }
  return {
    /** Called after a wrong secret for this machine's credential was counted (the setup assistant). */
    onRefused(listener: (refusal: CredentialRefusal) => void) {
      refusalListeners.push(listener);
    },

    async issue(tenantId: string, machineId: string): Promise<MachineCredential> {
      return transactions.withTenant(tenantId, async (tx) => {
        const serial = await findMachineSerial(tx, machineId);
        if (!serial) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
        const username = machineUsername(tenantId, serial);
        const password = randomBytes(32).toString('base64url');
        await upsertMachineCredential(tx, { tenantId, machineId, username, secretHash: sha256Hex(password) });
        return { tenantId, machineId, serial, username, password };
      });
    },

    /**
     * The broker's check on connect (and the doctor report's); null for anything but a valid,
     * unrevoked credential of an active tenant. `from` is the client's address, kept with a refusal.
     */
    async authenticate(username: string, password: string, from?: string): Promise<BrokerPrincipal | null> {
      if (username.length > 200 || password.length > 200) return null;
      const row = await transactions.withSignIn((tx) => findMachineCredential(tx, username));
      const given = Buffer.from(sha256Hex(password), 'hex');
      const stored = Buffer.from(row?.secretHash ?? sha256Hex('no such credential'), 'hex');
      if (!row || row.revokedAt) return null;
      if (!timingSafeEqual(given, stored)) {
        await refuse(row.tenantId, row.machineId, from);
        return null;
      }
      // A disabled tenant's machines are refused (system admin, issue 18); nothing is noted as refused.
      if (!row.tenantActive) return null;
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
    authenticate: (username, password, from) => credentials.authenticate(username, password, from),
    canPublish: (principal, topic) =>
      principal.kind === 'internal' || own(principal, topic, ['telemetry', 'presence']),
    canSubscribe: (principal, topic) =>
      principal.kind === 'internal' || own(principal, topic, ['ack', 'command']),
  };
}
