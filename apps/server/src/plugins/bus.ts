import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type AuthenticateError } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { BrokerCertificate } from './tls-certificate';

/** Who a broker connection belongs to. The server's own client is `internal`; machines come with issue 4. */
export type BrokerPrincipal =
  | { kind: 'internal' }
  | {
      kind: 'machine';
      tenantId: string;
      serial: string;
      /** a `kerf-edge doctor` session (client id `<username>~doctor`): may connect, nothing more */
      probe?: boolean;
    };

/** Client id suffix of a doctor's probe session; `~` cannot occur in a serial, so no one else's id. */
const DOCTOR_CLIENT_SUFFIX = '~doctor';

export interface BrokerAccess {
  /** `from`: the client's address (kept with a refused login), when the connection has one */
  authenticate(username: string, password: string, from?: string): Promise<BrokerPrincipal | null>;
  canPublish(principal: BrokerPrincipal, topic: string): boolean;
  canSubscribe(principal: BrokerPrincipal, topic: string): boolean;
}

export interface Bus {
  /** the server's own MQTT client, connected to the embedded or the external broker */
  client: MqttClient;
  /** set in embedded mode: the port the in-process broker listens on */
  brokerPort: number | null;
  /** embedded mode with a TLS listener (MQTT_TLS_PORT): its port */
  tlsPort: number | null;
  /** embedded mode: hands a connection (MQTT over WebSocket) to the broker */
  handle: ((stream: Duplex) => void) | null;
  isConnected(): boolean;
  /**
   * Embedded mode: ends the connections of the tenant's machines (a disabled tenant); answers how
   * many. Their reconnects are refused by the credential check. With an external broker: 0.
   */
  disconnectTenantMachines(tenantId: string): number;
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

function listen(server: Server, port: number, host: string, variable: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(`Port ${port} on ${host} is already in use: set ${variable} to a free port.`)
          : error,
      );
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

const isProbe = (principal: BrokerPrincipal) => principal.kind === 'machine' && principal.probe === true;

const internalOnly: Omit<BrokerAccess, 'authenticate'> = {
  canPublish: (principal) => principal.kind === 'internal',
  canSubscribe: (principal) => principal.kind === 'internal',
};

/**
 * Starts the event bus: the in-process aedes broker when no MQTT_URL is given, then the server's
 * own client, which connects by URL in both modes so that one code path serves both.
 */
export async function startBus(options: {
  mqttUrl: string | undefined;
  port: number;
  host: string;
  log: FastifyBaseLogger;
  access?: BrokerAccess;
  /** embedded mode: also listen for MQTT over TLS on this port (0: any free port) */
  tls?: { port: number; certificate: BrokerCertificate };
}): Promise<Bus> {
  const { log } = options;
  let broker: Aedes | null = null;
  let server: Server | null = null;
  let tlsServer: Server | null = null;
  let brokerPort: number | null = null;
  let tlsPort: number | null = null;
  let url = options.mqttUrl;
  const internal = {
    username: `kerf-server-${randomUUID()}`,
    password: randomBytes(24).toString('base64url'),
  };

  const principals = new WeakMap<object, BrokerPrincipal>();
  if (!url) {
    const access = options.access;
    broker = await Aedes.createBroker({
      authenticate: (client, username, password, done) => {
        const secret = password?.toString() ?? '';
        const finish = (principal: BrokerPrincipal | null) => {
          if (principal) {
            principals.set(client, principal);
            return done(null, true);
          }
          const error = new Error('bad username or password') as AuthenticateError;
          error.returnCode = 4;
          done(error, false);
        };
        if (username === internal.username && secret === internal.password)
          return finish({ kind: 'internal' });
        if (!access || !username) return finish(null);
        const from = (client.conn as { remoteAddress?: string } | undefined)?.remoteAddress;
        access.authenticate(username, secret, from).then(
          // A machine's client id is its username, so no one can take over another machine's session;
          // its doctor probes with `<username>~doctor`, a session that may neither publish nor subscribe.
          (principal) => {
            if (principal?.kind !== 'machine') return finish(principal);
            if (client.id === username) return finish(principal);
            if (client.id === `${username}${DOCTOR_CLIENT_SUFFIX}`)
              return finish({ ...principal, probe: true });
            finish(null);
          },
          () => finish(null),
        );
      },
      authorizePublish: (client, packet, callback) => {
        const principal = client ? principals.get(client) : { kind: 'internal' as const };
        const allowed =
          principal && !isProbe(principal) && (access ?? internalOnly).canPublish(principal, packet.topic);
        callback(allowed ? null : new Error('publish not allowed'));
      },
      authorizeSubscribe: (client, subscription, callback) => {
        const principal = principals.get(client);
        const allowed =
          principal &&
          !isProbe(principal) &&
          (access ?? internalOnly).canSubscribe(principal, subscription.topic);
        callback(allowed ? null : new Error('subscribe not allowed'), allowed ? subscription : null);
      },
    });
    // Small MQTT packets must not wait for Nagle's algorithm (+40 ms with delayed ACKs).
    const handle = broker.handle;
    server = createServer((socket) => {
      socket.setNoDelay(true);
      handle(socket);
    });
    brokerPort = await listen(server, options.port, options.host, 'MQTT_PORT');
    if (options.tls) {
      const { cert, key } = options.tls.certificate;
      tlsServer = createTlsServer({ cert, key, minVersion: 'TLSv1.2' }, (socket) => {
        socket.setNoDelay(true);
        handle(socket);
      });
      // A failed handshake (an untrusting client) is the client's business, not an error of ours.
      tlsServer.on('tlsClientError', () => {});
      tlsPort = await listen(tlsServer, options.tls.port, options.host, 'MQTT_TLS_PORT');
      log.info({ port: tlsPort }, 'embedded MQTT broker listening for TLS');
    }
    url = `mqtt://${internal.username}:${internal.password}@127.0.0.1:${brokerPort}`;
    log.info({ port: brokerPort }, 'embedded MQTT broker listening');
  }

  const client = mqtt.connect(url, {
    clientId: `kerf-server-${randomUUID()}`,
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT client error'));
  client.on('connect', () => (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true));
  await new Promise<void>((resolve) => {
    // Start-up does not wait for an unreachable external broker: /api/ready reports it instead.
    const timer = setTimeout(resolve, 5000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  const embedded = broker;
  return {
    client,
    brokerPort,
    tlsPort,
    handle: embedded ? (stream) => embedded.handle(stream) : null,
    isConnected: () => client.connected,
    disconnectTenantMachines(tenantId) {
      if (!embedded) return 0;
      let ended = 0;
      // aedes keeps its connected clients by id; its type declarations do not name the map.
      const { clients } = embedded as unknown as { clients: Record<string, { close(): void }> };
      for (const connection of Object.values(clients)) {
        const principal = principals.get(connection);
        if (principal?.kind === 'machine' && principal.tenantId === tenantId) {
          connection.close();
          ended += 1;
        }
      }
      return ended;
    },
    async close() {
      await client.endAsync(true).catch(() => {});
      // The broker first: it ends its client connections, which lets the TCP server close.
      if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      if (tlsServer) await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    },
  };
}
