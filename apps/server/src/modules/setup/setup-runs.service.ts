import { runState, type SetupCheckRun, SITE_CHECKS } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { LivePublisher } from '../../live/index';
import { setNetworkSetupState } from '../machines/index';
import {
  findRun,
  findSiteManagerSerial,
  insertRun,
  listOpenRuns,
  listRuns,
  updateRun,
} from './setup.repository';
import {
  cloudChecks,
  deriveNetworkSetupState,
  finish,
  ordered,
  publishRuns,
  refusedLogins,
  requireMachine,
  result,
  settle,
  withoutSiteManager,
} from './setup-checks';

/**
 * Runs of the setup assistant started by the admin: the cloud checks (API key, serial and licence,
 * site manager) run here, and the site manager is asked on the machine's command topic for its
 * doctor. A run whose site manager stays silent ends on the next read (`settle`).
 */
export function createSetupRunsService(deps: {
  transactions: Transactions;
  live: LivePublisher;
  /** asks the machine's site manager to run its doctor for this run (the command topic) */
  askSiteManager: (tenantId: string, serial: string, runId: string) => void;
}) {
  const { transactions, live } = deps;

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
      publishRuns(live, actor.tenantId, [run]);
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
      publishRuns(live, actor.tenantId, changed);
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
      publishRuns(live, actor.tenantId, changed);
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
      publishRuns(live, tenantId, changed);
      return changed;
    },
  };
}
