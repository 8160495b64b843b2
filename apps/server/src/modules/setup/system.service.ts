import type { SiteRequirements, SystemInfo } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import type { BrokerCertificate } from '../../plugins/tls-certificate';
import { saveSiteManagerSerial } from '../auth/index';
import { findSiteManagerSerial } from './setup.repository';

/** The path of MQTT over WebSocket on the HTTP(S) port: the fallback when 8883 is blocked. */
export const MQTT_WEBSOCKET_PATH = '/mqtt';

export interface SystemFacts {
  version: string;
  publicUrl: URL;
  gateManager: { host: string; port: number };
  database: 'pglite' | 'postgres';
  broker: () => { embedded: boolean; mqttPort: number | null; tlsPort: number | null; connected: boolean };
  certificate: BrokerCertificate | null;
}

/** The System page, the doctor's targets and the tenant's site manager serial number. */
export function createSystemService(deps: { transactions: Transactions; facts: SystemFacts }) {
  const { transactions, facts } = deps;

  function requirements(): SiteRequirements {
    const url = facts.publicUrl;
    const broker = facts.broker();
    return {
      host: url.hostname,
      httpsPort: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      websocketPath: MQTT_WEBSOCKET_PATH,
      mqttsPort: broker.tlsPort,
      gateManager: facts.gateManager,
      serverTime: new Date().toISOString(),
      developmentCertificatePem: facts.certificate?.development ? facts.certificate.cert : null,
    };
  }

  return {
    requirements,
    systemInfo(): SystemInfo {
      const broker = facts.broker();
      const certificate = facts.certificate;
      return {
        version: facts.version,
        nodeVersion: process.versions.node,
        serverTime: new Date().toISOString(),
        database: facts.database,
        broker: { embedded: broker.embedded, mqttPort: broker.mqttPort, connected: broker.connected },
        certificate: certificate
          ? {
              subject: certificate.subject,
              validTo: certificate.validTo.toISOString(),
              selfSigned: certificate.development,
            }
          : null,
        requirements: requirements(),
      };
    },
    getSiteManager: (actor: Actor) =>
      transactions.withTenant(actor.tenantId, async (tx) => ({
        serialNumber: await findSiteManagerSerial(tx, actor.tenantId),
      })),
    setSiteManager: (actor: Actor, serialNumber: string | null) =>
      transactions.withTenant(actor.tenantId, async (tx) => {
        await saveSiteManagerSerial(tx, actor.tenantId, serialNumber);
        await audit(tx, actor, 'site-manager.updated', 'tenant', actor.tenantId, { serialNumber });
        return { serialNumber };
      }),
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
