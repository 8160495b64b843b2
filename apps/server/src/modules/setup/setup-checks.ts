import {
  type DoctorReport,
  type NETWORK_SETUP_STATES,
  runState,
  SETUP_CHECK_SIDE,
  SETUP_CHECKS,
  type SetupAdvice,
  type SetupCheck,
  type SetupCheckResult,
  type SetupCheckRun,
  SITE_REPORT_TIMEOUT_SECONDS,
} from '@kerf/contracts';
import type { Tx } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { type LivePublisher, liveEvent } from '../../live/index';
import {
  findMachine,
  type MachineRow,
  recentMachineLoginRefusals,
  setNetworkSetupState,
} from '../machines/index';
import { findCredentialState, findSiteManagerSerial, hasLicence, updateRun } from './setup.repository';

/*
 * The rules of a setup check run that both services (runs, doctor reports) share: the cloud checks,
 * settling a silent run, the network setup state. No SQL here: that is in setup.repository.ts and
 * the machines module.
 */

export type NetworkSetupState = (typeof NETWORK_SETUP_STATES)[number];

/** A heartbeat this close before a run started (or after) means the site manager is online. */
const HEARTBEAT_FRESH_MS = 5 * 60_000;

/**
 * A site check as reported. Older doctors report the working WebSocket fallback as an error; it is a
 * warning (issue 32): the machine talks to the cloud, only not over 8883.
 */
export function siteResult(r: DoctorReport['checks'][number]): SetupCheckResult {
  const state = r.advice === 'MQTT_WEBSOCKET_FALLBACK' && r.state === 'ERROR' ? 'WARNING' : r.state;
  return result(r.check, state, r.advice, r.detail);
}

export const result = (
  check: SetupCheck,
  state: SetupCheckResult['state'],
  advice: SetupCheckResult['advice'] = null,
  detail: SetupCheckResult['detail'] = {},
): SetupCheckResult => ({ check, side: SETUP_CHECK_SIDE[check], state, advice, detail });

/** The API key check's detail: refused logins of the last hour, when there were any. */
export async function refusedLogins(tx: Tx, machineId: string): Promise<SetupCheckResult['detail']> {
  const refusals = await recentMachineLoginRefusals(tx, machineId);
  return refusals.length > 0 ? { refusedLogins: refusals } : {};
}

/** Checks in the assistant's order. */
export const ordered = (checks: SetupCheckResult[]) =>
  [...checks].sort((a, b) => SETUP_CHECKS.indexOf(a.check) - SETUP_CHECKS.indexOf(b.check));

/**
 * The machine's network setup state (product.md §3) from its latest finished run: every check green and
 * the admin's details complete → ALL_SETTINGS_CORRECT; red or warning checks on a licensed machine with
 * complete details → MACHINE_LICENSED; details missing → ADMIN_INFO_MISSING (UNKNOWN while not
 * even the connection type is known).
 */
export function deriveNetworkSetupState(
  machine: Pick<MachineRow, 'networkConnection' | 'networkContactPhone'>,
  run: Pick<SetupCheckRun, 'state' | 'checks'>,
  siteManagerSerial: string | null,
): NetworkSetupState {
  const detailsComplete =
    machine.networkConnection != null && machine.networkContactPhone != null && siteManagerSerial != null;
  if (!detailsComplete) return machine.networkConnection == null ? 'UNKNOWN' : 'ADMIN_INFO_MISSING';
  // a warning is not "all settings correct": a fallback carries it, or a value could not be compared
  if (run.state === 'SUCCESS') return 'ALL_SETTINGS_CORRECT';
  const licensed = run.checks.some((c) => c.check === 'SERIAL_NUMBER' && c.state === 'SUCCESS');
  return licensed ? 'MACHINE_LICENSED' : 'ADMIN_INFO_MISSING';
}

/** Checks still waiting for the site manager end red with the advice of why it cannot answer. */
export const withoutSiteManager = (checks: SetupCheckResult[], advice: SetupAdvice) =>
  checks.map((c) => (c.state === 'RUNNING' ? { ...c, state: 'ERROR' as const, advice } : c));

/** Basic `username:password` of a machine credential; null when the header is not that. */
export function basicCredentials(authorization: string): { username: string; password: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization.trim());
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 1 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function cloudChecks(
  tx: Tx,
  tenantId: string,
  machine: MachineRow,
  report: Pick<DoctorReport, 'siteManagerSerial'> | null,
): Promise<SetupCheckResult[]> {
  const credential = await findCredentialState(tx, machine.id);
  // Wrong secrets tried for the key are shown beside it as what they are — refused logins from
  // an address — and never turn the check red: anyone who knows the username can send one.
  const refused = await refusedLogins(tx, machine.id);
  const apiKey = report
    ? result('API_KEY', 'SUCCESS', null, refused) // the report itself was signed with the key
    : !credential
      ? result('API_KEY', 'ERROR', 'NO_CREDENTIAL')
      : credential.revoked
        ? result('API_KEY', 'ERROR', 'CREDENTIAL_REVOKED', refused)
        : result('API_KEY', 'SUCCESS', null, refused);
  // Each check says what it compared (issue 32): the cloud's value and the one it found.
  const licensed = await hasLicence(tx, machine.serialNumber);
  const serial = result('SERIAL_NUMBER', licensed ? 'SUCCESS' : 'ERROR', licensed ? null : 'SERIAL_UNKNOWN', {
    expected: machine.serialNumber,
    found: licensed ? machine.serialNumber : null,
  });
  const expected = await findSiteManagerSerial(tx, tenantId);
  const found = report?.siteManagerSerial ?? null;
  const compared = {
    lastHeartbeatAt: machine.lastHeartbeatAt?.toISOString() ?? null,
    expected,
    found,
  };
  // A serial that cannot be compared is no pass: a report without one is a warning that says so.
  const siteManager = !expected
    ? result('SITE_MANAGER', 'ERROR', 'SITE_MANAGER_SERIAL_MISSING', compared)
    : !report
      ? result('SITE_MANAGER', 'RUNNING', null, compared)
      : !found
        ? result('SITE_MANAGER', 'WARNING', 'SITE_MANAGER_SERIAL_NOT_REPORTED', compared)
        : found !== expected
          ? result('SITE_MANAGER', 'ERROR', 'SITE_MANAGER_SERIAL_MISMATCH', compared)
          : result('SITE_MANAGER', 'SUCCESS', null, compared);
  return [apiKey, serial, siteManager];
}

export async function finish(tx: Tx, tenantId: string, machine: MachineRow, run: SetupCheckRun) {
  if (run.state === 'RUNNING') return;
  const serial = await findSiteManagerSerial(tx, tenantId);
  await setNetworkSetupState(tx, machine.id, deriveNetworkSetupState(machine, run, serial));
}

export async function requireMachine(tx: Tx, id: string) {
  const machine = await findMachine(tx, id);
  if (!machine) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
  return machine;
}

/** A run whose site manager stayed silent past the timeout ends: its site checks fail. */
export async function settle(
  tx: Tx,
  tenantId: string,
  machine: MachineRow,
  run: SetupCheckRun,
  changed: SetupCheckRun[],
) {
  const deadline = Date.parse(run.startedAt) + SITE_REPORT_TIMEOUT_SECONDS * 1000;
  if (run.state !== 'RUNNING' || Date.now() < deadline) return run;
  // "Did not answer" never sits beside a fresh heartbeat (issue 32): heard on MQTT since shortly
  // before the run, the site manager is online and only its doctor stayed silent — one cause, said
  // once on the site manager check; the site checks it would have run point to it.
  const heartbeat = machine.lastHeartbeatAt?.toISOString() ?? null;
  const online =
    machine.lastHeartbeatAt !== null &&
    machine.lastHeartbeatAt.getTime() >= Date.parse(run.startedAt) - HEARTBEAT_FRESH_MS;
  const advice = online ? ('SITE_MANAGER_DOCTOR_SILENT' as const) : ('SITE_MANAGER_SILENT' as const);
  const checks = run.checks.map((c) =>
    c.state !== 'RUNNING'
      ? c
      : c.check === 'SITE_MANAGER'
        ? { ...c, state: 'ERROR' as const, advice, detail: { ...c.detail, lastHeartbeatAt: heartbeat } }
        : { ...c, state: 'ERROR' as const, advice },
  );
  const settled = await updateRun(tx, run.id, { state: runState(checks), checks, finishedAt: new Date() });
  await finish(tx, tenantId, machine, settled);
  changed.push(settled);
  return settled;
}

/** Every change of a run goes out as a MACHINE_SETUP_CHECK live event (after commit). */
export const publishRuns = (live: LivePublisher, tenantId: string, runs: SetupCheckRun[]) =>
  live.publish(runs.map((run) => liveEvent(tenantId, 'MACHINE_SETUP_CHECK', run)));
