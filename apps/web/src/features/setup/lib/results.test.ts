import { SETUP_CHECK_SIDE, type SetupCheckResult, type SetupCheckRun, SITE_CHECKS } from '@kerf/contracts';
import { describe, expect, it } from 'vitest';
import { outdated, problemCount, rootCauses } from './results';

const check = (
  name: SetupCheckResult['check'],
  state: SetupCheckResult['state'],
  advice: SetupCheckResult['advice'] = null,
): SetupCheckResult => ({ check: name, side: SETUP_CHECK_SIDE[name], state, advice, detail: {} });

const run = (checks: SetupCheckResult[], hoursAgo = 0): SetupCheckRun => {
  const at = new Date(Date.parse('2026-11-27T12:00:00Z') - hoursAgo * 3600_000).toISOString();
  return {
    id: 'r',
    machineId: 'm',
    state: 'ERROR',
    startedAt: at,
    finishedAt: at,
    siteManagerSerial: null,
    checks,
  };
};
const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('setup results', () => {
  it('a silent site manager is one cause with its checks under it, and one problem', () => {
    const silent = run([
      check('API_KEY', 'SUCCESS'),
      check('SERIAL_NUMBER', 'SUCCESS'),
      check('SITE_MANAGER', 'ERROR', 'SITE_MANAGER_SILENT'),
      ...SITE_CHECKS.map((name) => check(name, 'ERROR', 'SITE_MANAGER_SILENT')),
    ]);
    expect(rootCauses(silent)).toEqual([
      { advice: 'SITE_MANAGER_SILENT', state: 'ERROR', checks: ['SITE_MANAGER', ...SITE_CHECKS] },
    ]);
    expect(problemCount(silent, 'ERROR')).toBe(1);
  });

  it('different causes stay apart; a single check with its own advice is no shared cause', () => {
    const mixed = run([
      check('MQTT', 'WARNING', 'MQTT_WEBSOCKET_FALLBACK'),
      check('SSL', 'ERROR', 'PORT_8883_BLOCKED'),
      check('CLOCK', 'ERROR', 'CLOCK_SKEW'),
    ]);
    expect(rootCauses(mixed)).toEqual([]);
    expect(problemCount(mixed, 'ERROR')).toBe(2);
    expect(problemCount(mixed, 'WARNING')).toBe(1);
  });

  it('results older than a day are outdated; a running run never is', () => {
    expect(outdated(run([], 23), NOW)).toBe(false);
    expect(outdated(run([], 25), NOW)).toBe(true);
    expect(outdated({ ...run([], 48), state: 'RUNNING' }, NOW)).toBe(false);
  });
});
