/** The setup assistant: runs and their checks (live), the System page's facts, the site manager. */
export {
  useSetupRun,
  useSetupRuns,
  useSetupRunsLive,
  useStartSetupChecks,
  useSystemInfo,
} from './api/setup-checks';
export { CheckDetail } from './components/check-detail';
export { CheckStateBadge } from './components/check-state';
export { EndCheck, RootCauses, SetupChecksAccordion } from './components/setup-checks-accordion';
export { SiteManagerCard } from './components/site-manager-card';
export { SiteRequirementsTable } from './components/site-requirements-table';
export { outdated, rootCauses } from './lib/results';
export { useNow } from './lib/use-now';
