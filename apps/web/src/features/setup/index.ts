/** The setup assistant: runs and their checks (live), the System page's facts, the site manager. */
export {
  setupKeys,
  useSetupRun,
  useSetupRuns,
  useSetupRunsLive,
  useStartSetupChecks,
  useSystemInfo,
} from './api/setup-checks';
export { CheckDetail } from './components/check-detail';
export { CheckStateBadge, CheckStateIcon } from './components/check-state';
export { EndCheck, RootCauses, SetupChecksAccordion } from './components/setup-checks-accordion';
export { SiteManagerCard } from './components/site-manager-card';
export { SiteRequirementsTable } from './components/site-requirements-table';
export { outdated, problemCount, rootCauses } from './lib/results';
export { useNow } from './lib/use-now';
