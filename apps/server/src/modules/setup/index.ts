/**
 * The setup assistant (product.md §2): owns `setup_check_runs` (ADR 0012). Cloud-side checks, the site
 * manager's doctor reports, the System page, the tenant's site manager serial number, and MQTT over
 * WebSocket on the HTTP port (the fallback when 8883 is blocked).
 */

import { DoctorCommandSchema, machineTopics } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { Transactions } from '../../db/transactions';
import type { Authenticator } from '../../lib/route';
import type { LivePublisher } from '../../live/index';
import type { BrokerPrincipal, Bus } from '../../plugins/bus';
import { registerSetupRoutes } from './setup.routes';
import { createSetupChecksService } from './setup-checks.service';
import { createSystemService, MQTT_WEBSOCKET_PATH, type SystemFacts } from './system.service';

export { seedDemoSetupChecks } from './setup.seed';
export { deriveNetworkSetupState } from './setup-checks';
export { MQTT_WEBSOCKET_PATH } from './system.service';

export function registerSetupModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    transactions: Transactions;
    live: LivePublisher;
    bus: Pick<Bus, 'client'>;
    authenticateMachine: (
      username: string,
      password: string,
      from?: string,
    ) => Promise<BrokerPrincipal | null>;
    /** hears of wrong secrets given for a machine's credential (the machines module) */
    onCredentialRefused: (listener: (refusal: { tenantId: string; machineId: string }) => void) => void;
    facts: SystemFacts;
  },
) {
  const { bus } = deps;
  const checks = createSetupChecksService({
    transactions: deps.transactions,
    live: deps.live,
    authenticateMachine: deps.authenticateMachine,
    askSiteManager(tenantId, serial, runId) {
      const command = DoctorCommandSchema.parse({ type: 'doctor', runId });
      bus.client.publish(machineTopics(tenantId, serial).command, JSON.stringify(command), { qos: 1 });
    },
  });
  deps.onCredentialRefused(({ tenantId, machineId }) => {
    void checks.refusalCounted(tenantId, machineId).catch(() => undefined);
  });
  const system = createSystemService({ transactions: deps.transactions, facts: deps.facts });
  registerSetupRoutes(app, { authenticator: deps.authenticator, checks, system });
}

/**
 * MQTT over WebSocket on the HTTP port (`/mqtt`), into the embedded broker: a site whose firewall
 * blocks 8883 still reaches the broker through 443. Needs the websocket plugin (the live gateway
 * registers it). With an external broker its own WebSocket listener does this job.
 */
export function registerMqttWebSocket(app: FastifyInstance, bus: Pick<Bus, 'handle'>) {
  const handle = bus.handle;
  if (!handle) return;
  app.get(MQTT_WEBSOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    // The broker reads the client's address from its stream, as from a TCP socket: a refused login
    // over WebSocket is then counted against the address that sent it (the trusted proxy's forwarded
    // one where TRUST_PROXY says so), not as `unknown`.
    const stream = Object.assign(createWebSocketStream(socket), { remoteAddress: request.ip });
    handle(stream);
  });
}
