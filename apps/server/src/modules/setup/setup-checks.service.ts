import type { Transactions } from '../../db/transactions';
import type { LivePublisher } from '../../live/index';
import type { BrokerPrincipal } from '../../plugins/bus';
import { createDoctorReportsService } from './doctor-reports.service';
import { createSetupRunsService } from './setup-runs.service';

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
  return {
    ...createSetupRunsService(deps),
    ...createDoctorReportsService(deps),
  };
}

export type SetupChecksService = ReturnType<typeof createSetupChecksService>;
