import {
  runState,
  SETUP_CHECK_SIDE,
  SETUP_CHECKS,
  type SetupCheck,
  type SetupCheckResult,
} from '@kerf/contracts';
import type { Tx } from '../../db/transactions';
import { saveSiteManagerSerial } from '../auth/index';
import { setNetworkSetupState, updateMachine } from '../machines/index';
import { findDemoMachines } from './demo.repository';
import { insertRun } from './setup.repository';

/** The demo tenant's site manager (the gateway box in the shop's server room). */
const DEMO_SITE_MANAGER_SERIAL = 'SM-2026-0412';

const HOUR = 3600_000;

function demoChecks(
  serial: string,
  failures: Partial<Record<SetupCheck, Omit<SetupCheckResult, 'check' | 'side'>>>,
  heardAt: Date,
) {
  const detail: Partial<Record<SetupCheck, SetupCheckResult['detail']>> = {
    // what the cloud checks compared (issue 32): the demo's site manager reports its serial
    SERIAL_NUMBER: { expected: serial, found: serial },
    SITE_MANAGER: {
      expected: DEMO_SITE_MANAGER_SERIAL,
      found: DEMO_SITE_MANAGER_SERIAL,
      lastHeartbeatAt: heardAt.toISOString(),
    },
    DNS_ENTRY: { host: 'kerf.example.com', address: '203.0.113.40' },
    CLOUD_SERVICE: { host: 'kerf.example.com', port: 443, latencyMs: 38 },
    GATE_MANAGER: { host: 'kerf.example.com', port: 443, latencyMs: 41 },
    MQTT: { host: 'kerf.example.com', port: 8883, transport: 'MQTTS', latencyMs: 52 },
    SSL: { host: 'kerf.example.com', port: 8883, validTo: '2027-03-31T23:59:59.000Z' },
    CLOCK: { skewSeconds: 1 },
  };
  return SETUP_CHECKS.map(
    (check): SetupCheckResult => ({
      check,
      side: SETUP_CHECK_SIDE[check],
      ...(failures[check] ?? { state: 'SUCCESS', advice: null, detail: detail[check] ?? {} }),
    }),
  );
}

/**
 * The setup assistant in the demo printing shop, one machine per network setup state: Schneider 1
 * and 2 set up and checked green (Schneider 2 with three refused logins from another address); Schneider 4 licensed but behind a firewall that blocks 8883 (a
 * stored failed run: the agent uses the WebSocket fallback on 443 — a warning — and its clock ran fast);
 * Schneider 3 checked green but without a network contact; Schneider 5 not set up yet. Schneider 1's
 * and 3's results are days old: the assistant shows them as outdated, with their age.
 */
export async function seedDemoSetupChecks(tx: Tx, tenantId: string) {
  await saveSiteManagerSerial(tx, tenantId, DEMO_SITE_MANAGER_SERIAL);
  const machines = await findDemoMachines(tx);
  const bySerial = new Map(machines.map((m) => [m.serial, m.id]));
  const now = Date.now();
  const stored = async (
    serial: string,
    hoursAgo: number,
    failures: Parameters<typeof demoChecks>[1] = {},
  ) => {
    const machineId = bySerial.get(serial);
    if (!machineId) return;
    const startedAt = new Date(now - hoursAgo * HOUR);
    const checks = demoChecks(serial, failures, new Date(startedAt.getTime() - 20_000));
    await insertRun(tx, {
      tenantId,
      machineId,
      state: runState(checks),
      checks,
      requestedBy: null,
      siteManagerSerial: DEMO_SITE_MANAGER_SERIAL,
      startedAt,
      finishedAt: new Date(startedAt.getTime() + 9_000),
    });
  };
  const contact = { networkContactName: 'Stefan Krause', networkContactPhone: '+494012345678' };
  for (const serial of ['PM-115-0001', 'PM-115-0002']) {
    await updateMachine(tx, bySerial.get(serial)!, contact);
    await stored(serial, 24 * 40);
  }
  // Someone on the shop's guest network tried Schneider 2's MQTT login with wrong keys this
  // morning: the run is green, and the refusals are named beside the key (issue 31).
  if (bySerial.has('PM-115-0002'))
    await stored('PM-115-0002', 0.5, {
      API_KEY: {
        state: 'SUCCESS',
        advice: null,
        detail: {
          refusedLogins: [
            { address: '10.0.0.7', count: 3, lastAt: new Date(now - 40 * 60_000).toISOString() },
          ],
        },
      },
    });
  const blocked = bySerial.get('PM-92-0004');
  if (blocked) {
    await updateMachine(tx, blocked, {
      ...contact,
      networkConnection: 'WIFI',
      networkName: 'Werk-Sued-Halle',
    });
    await stored('PM-92-0004', 26);
    // 8883 blocked: the WebSocket fallback carries the machine (a warning); the fast clock is an error
    await stored('PM-92-0004', 2, {
      MQTT: {
        state: 'WARNING',
        advice: 'MQTT_WEBSOCKET_FALLBACK',
        detail: { host: 'kerf.example.com', port: 8883, transport: 'WEBSOCKET', latencyMs: 74 },
      },
      CLOCK: { state: 'ERROR', advice: 'CLOCK_SKEW', detail: { skewSeconds: 312 } },
    });
    await setNetworkSetupState(tx, blocked, 'MACHINE_LICENSED');
  }
  const noContact = bySerial.get('PM-137-0003');
  if (noContact) {
    await stored('PM-137-0003', 24 * 12);
    await setNetworkSetupState(tx, noContact, 'ADMIN_INFO_MISSING');
  }
  const notSetUp = bySerial.get('PM-137-0005');
  if (notSetUp) {
    await updateMachine(tx, notSetUp, { networkConnection: null, networkAddressMode: null });
    await setNetworkSetupState(tx, notSetUp, 'UNKNOWN');
  }
}
