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
  SITE_CHECKS,
  SITE_REPORT_TIMEOUT_SECONDS,
} from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type LivePublisher, liveEvent } from '../../live/index';
import type { BrokerPrincipal } from '../../plugins/bus';
import {
  findMachine,
  findMachineBySerial,
  type MachineRow,
  recentMachineLoginRefusals,
  setNetworkSetupState,
} from '../machines/index';
import {
  findCredentialState,
  findRun,
  findSiteManagerSerial,
  hasLicence,
  insertRun,
  listOpenRuns,
  listRuns,
  updateRun,
} from './setup.repository';

type NetworkSetupState = (typeof NETWORK_SETUP_STATES)[number];

/** A heartbeat this close before a run started (or after) means the site manager is online. */
const HEARTBEAT_FRESH_MS = 5 * 60_000;

/**
 * A site check as reported. Older doctors report the working WebSocket fallback as an error; it is a
 * warning (issue 32): the machine talks to the cloud, only not over 8883.
 */
function siteResult(r: DoctorReport['checks'][number]): SetupCheckResult {
  const state = r.advice === 'MQTT_WEBSOCKET_FALLBACK' && r.state === 'ERROR' ? 'WARNING' : r.state;
  return result(r.check, state, r.advice, r.detail);
}

const result = (
  check: SetupCheck,
  state: SetupCheckResult['state'],
  advice: SetupCheckResult['advice'] = null,
  detail: SetupCheckResult['detail'] = {},
): SetupCheckResult => ({ check, side: SETUP_CHECK_SIDE[check], state, advice, detail });

/** The API key check's detail: refused logins of the last hour, when there were any. */
async function refusedLogins(tx: Tx, machineId: string): Promise<SetupCheckResult['detail']> {
  const refusals = await recentMachineLoginRefusals(tx, machineId);
  return refusals.length > 0 ? { refusedLogins: refusals } : {};
}

/** Checks in the assistant's order. */
const ordered = (checks: SetupCheckResult[]) =>
  [...checks].sort((a, b) => SETUP_CHECKS.indexOf(a.check) - SETUP_CHECKS.indexOf(b.check));

/**
 * The machine's network setup state (product.md §3) from its latest finished run: every check green and
 * the admin's details complete → ALL_SETTINGS_CORRECT; red or warning checks on a licensed machine with
 * complete details → MACHINE_LICENSED; details missing → ADMIN_INFO_MISSING (UNKNOWN while not
 * even the connection type is known).
 */
function deriveNetworkSetupState(
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
const withoutSiteManager = (checks: SetupCheckResult[], advice: SetupAdvice) =>
  checks.map((c) => (c.state === 'RUNNING' ? { ...c, state: 'ERROR' as const, advice } : c));

/** Basic `username:password` of a machine credential; null when the header is not that. */
function basicCredentials(authorization: string): { username: string; password: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization.trim());
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 1 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Runs of the setup assistant. The cloud checks (API key, serial and licence, site manager) run
 * here; the site checks come from the site manager's doctor, which the server asks on the
 * machine's command topic and which answers over HTTPS (`submitReport`). Every change of a run goes
 * out as a MACHINE_SETUP_CHECK live event after commit; a finished run sets the machine's network
 * setup state.
 */
export function createSetupChecksService(deps: {
  transactions: Transactions;
  live: LivePublisher;
  /** asks the machine's site manager to run its doctor for this run (the command topic) */
  askSiteManager: (tenantId: string, serial: string, runId: string) => void;
  authenticateMachine: (username: string, password: string, from?: string) => Promise<BrokerPrincipal | null>;
}) {
  const { transactions, live } = deps;

  async function cloudChecks(
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
    const serial = result(
      'SERIAL_NUMBER',
      licensed ? 'SUCCESS' : 'ERROR',
      licensed ? null : 'SERIAL_UNKNOWN',
      {
        expected: machine.serialNumber,
        found: licensed ? machine.serialNumber : null,
      },
    );
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

  async function finish(tx: Tx, tenantId: string, machine: MachineRow, run: SetupCheckRun) {
    if (run.state === 'RUNNING') return;
    const serial = await findSiteManagerSerial(tx, tenantId);
    await setNetworkSetupState(tx, machine.id, deriveNetworkSetupState(machine, run, serial));
  }

  async function requireMachine(tx: Tx, id: string) {
    const machine = await findMachine(tx, id);
    if (!machine) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
    return machine;
  }

  /** A run whose site manager stayed silent past the timeout ends: its site checks fail. */
  async function settle(
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

  const publish = (tenantId: string, runs: SetupCheckRun[]) =>
    live.publish(runs.map((run) => liveEvent(tenantId, 'MACHINE_SETUP_CHECK', run)));

  return {
    async start(actor: Actor, machineId: string): Promise<SetupCheckRun> {
      const { run, serial } = await transactions.withTenant(actor.tenantId, async (tx) => {
        const machine = await requireMachine(tx, machineId);
        const cloud = await cloudChecks(tx, actor.tenantId, machine, null);
        const site = SITE_CHECKS.map((check) => result(check, 'RUNNING'));
        // Without a valid key the site manager can neither hear the question nor answer it: the
        // run ends at once with the key's advice instead of waiting for a silent site manager.
        const apiKey = cloud.find((c) => c.check === 'API_KEY')!;
        const checks = ordered(
          apiKey.state === 'ERROR'
            ? withoutSiteManager([...cloud, ...site], apiKey.advice!)
            : [...cloud, ...site],
        );
        const state = runState(checks);
        const run = await insertRun(tx, {
          tenantId: actor.tenantId,
          machineId,
          state,
          checks,
          requestedBy: actor.userId,
          finishedAt: state === 'RUNNING' ? null : new Date(),
        });
        await finish(tx, actor.tenantId, machine, run);
        return { run, serial: machine.serialNumber };
      });
      publish(actor.tenantId, [run]);
      deps.askSiteManager(actor.tenantId, serial, run.id);
      return run;
    },

    async list(actor: Actor, machineId: string): Promise<SetupCheckRun[]> {
      const changed: SetupCheckRun[] = [];
      const runs = await transactions.withTenant(actor.tenantId, async (tx) => {
        const machine = await requireMachine(tx, machineId);
        const runs = await Promise.all(
          (await listRuns(tx, machineId)).map((run) => settle(tx, actor.tenantId, machine, run, changed)),
        );
        // The badge and the end check come from the same results (issue 32): the machine's network
        // setup state is the one its latest finished run gives, whatever set it before (a seed, an edit).
        const latest = runs.find((run) => run.state !== 'RUNNING');
        if (latest) {
          const state = deriveNetworkSetupState(
            machine,
            latest,
            await findSiteManagerSerial(tx, actor.tenantId),
          );
          if (state !== machine.networkSetupState) await setNetworkSetupState(tx, machine.id, state);
        }
        return runs;
      });
      publish(actor.tenantId, changed);
      return runs;
    },

    async get(actor: Actor, machineId: string, runId: string): Promise<SetupCheckRun> {
      const changed: SetupCheckRun[] = [];
      const run = await transactions.withTenant(actor.tenantId, async (tx) => {
        const machine = await requireMachine(tx, machineId);
        const run = await findRun(tx, machineId, runId);
        if (!run) throw new AppError('common.NOT_FOUND');
        return settle(tx, actor.tenantId, machine, run, changed);
      });
      publish(actor.tenantId, changed);
      return run;
    },

    /**
     * A wrong secret was tried for this machine's credential (the broker or a doctor report): open
     * runs show the refused logins beside the API key check at once. Nothing else changes — no
     * check turns red, no run ends (issue 31: a stranger must not fail a healthy machine's checks).
     */
    async refusalCounted(tenantId: string, machineId: string): Promise<SetupCheckRun[]> {
      const changed = await transactions.withTenant(tenantId, async (tx) => {
        // Refusals arrive together (a stranger's loop): the runs are locked first, so each update
        // reads the counts after the one before it committed, and the last one written is the latest.
        const runs = await listOpenRuns(tx, machineId, { lock: true });
        if (runs.length === 0) return [];
        const refused = await refusedLogins(tx, machineId);
        return Promise.all(
          runs.map((run) =>
            updateRun(tx, run.id, {
              state: run.state,
              checks: run.checks.map((c) =>
                c.check === 'API_KEY' ? { ...c, detail: { ...c.detail, ...refused } } : c,
              ),
              finishedAt: null,
            }),
          ),
        );
      });
      publish(tenantId, changed);
      return changed;
    },

    /** The doctor's report, signed with the machine's credential (HTTP Basic). */
    async submitReport(authorization: string, report: DoctorReport, ip?: string): Promise<SetupCheckRun> {
      const credentials = basicCredentials(authorization);
      const principal = credentials
        ? await deps.authenticateMachine(credentials.username, credentials.password, ip)
        : null;
      if (principal?.kind !== 'machine') throw new AppError('authentication.INVALID_CREDENTIALS');
      const { tenantId } = principal;
      const run = await transactions.withTenant(tenantId, async (tx) => {
        const found = await findMachineBySerial(tx, principal.serial);
        const machine = found && !found.deletedAt ? await findMachine(tx, found.id) : null;
        if (!machine) throw new AppError('authentication.INVALID_CREDENTIALS');
        const cloud = await cloudChecks(tx, tenantId, machine, report);
        const reported = new Map(report.checks.map((c) => [c.check, c]));
        const site = SITE_CHECKS.map((check) => {
          const r = reported.get(check);
          return r ? siteResult(r) : result(check, 'ERROR', 'SITE_MANAGER_SILENT');
        });
        const checks = ordered([...cloud, ...site]);
        const state = runState(checks);
        const values = {
          state,
          checks,
          finishedAt: state === 'RUNNING' ? null : new Date(),
          siteManagerSerial: report.siteManagerSerial ?? null,
        };
        const open = report.runId ? await findRun(tx, machine.id, report.runId) : null;
        const saved =
          open && open.state === 'RUNNING'
            ? await updateRun(tx, open.id, values)
            : await insertRun(tx, { tenantId, machineId: machine.id, requestedBy: null, ...values });
        await finish(tx, tenantId, machine, saved);
        return saved;
      });
      publish(tenantId, [run]);
      return run;
    },
  };
}
export type SetupChecksService = ReturnType<typeof createSetupChecksService>;
