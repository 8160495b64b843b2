import { type DoctorReport, runState, type SetupCheckRun, SITE_CHECKS } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { LivePublisher } from '../../live/index';
import type { BrokerPrincipal } from '../../plugins/bus';
import { findMachine, findMachineBySerial } from '../machines/index';
import { findRun, insertRun, updateRun } from './setup.repository';
import {
  basicCredentials,
  cloudChecks,
  finish,
  ordered,
  publishRuns,
  result,
  siteResult,
} from './setup-checks';

/** The site manager's doctor report, over HTTPS and signed with the machine's credential (HTTP Basic). */
export function createDoctorReportsService(deps: {
  transactions: Transactions;
  live: LivePublisher;
  authenticateMachine: (username: string, password: string, from?: string) => Promise<BrokerPrincipal | null>;
}) {
  const { transactions, live } = deps;

  return {
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
      publishRuns(live, tenantId, [run]);
      return run;
    },
  };
}
