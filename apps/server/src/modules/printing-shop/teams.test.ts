import { randomUUID } from 'node:crypto';
import type { Team, TokenPair } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { cutEvents, machineIdsBySerial, tenantOf } from '../../../test/machine-helpers';

/** Teams and works-council mode TEAMS (issue 18): per-employee report sections show teams. */
let t: TestApp;
let admin: TokenPair;
let manager: TokenPair;
let otherAdmin: TokenPair;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, tokens: TokenPair, payload?: object) =>
  t.request({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const ps = (path: string) => `/api/printing-shop${path}`;
const period = () => {
  const end = new Date();
  const start = new Date(end.getTime() - 30 * 86_400_000);
  return `startDate=${start.toISOString()}&endDate=${end.toISOString()}&timeZone=UTC`;
};
type Row = {
  employee: { id: string | null; label: string; pseudonym: boolean; team?: boolean };
  cuts: number;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  await t.addTenant('teams-other', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  otherAdmin = await t.login('teams-other', 'admin-printing-shop');
  // Cuts of the last hour: 5 by the operator at one machine, 3 with nobody signed in at another.
  const operator = await t.login('demo', 'operator');
  const machines = await machineIdsBySerial(t, admin, ['PM-115-0001', 'PM-115-0002']);
  const selected = await call('PUT', ps('/users/self/current-machine'), operator, {
    machineId: machines['PM-115-0001'],
  });
  expect(selected.statusCode).toBe(200);
  const start = Date.now() - 3_000_000;
  await t.app.kerf.telemetry.record(tenantOf(admin), [
    { serial: 'PM-115-0001', boot: randomUUID(), events: cutEvents(5, { start }), source: 'MACHINE' },
    { serial: 'PM-115-0002', boot: randomUUID(), events: cutEvents(3, { start }), source: 'MACHINE' },
  ]);
});
afterAll(() => t.close());

describe('teams', () => {
  it('are managed by the tenant admin: create, rename, members, delete', async () => {
    const listed = (await call('GET', ps('/teams'), admin)).json() as Team[];
    // the demo's two shifts
    expect(listed.map((team) => team.name)).toEqual(['Early shift', 'Late shift']);
    const taken = await call('POST', ps('/teams'), admin, { name: 'early SHIFT' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('service.printing-shops.TEAM_NAME_TAKEN');

    const created = await call('POST', ps('/teams'), admin, { name: '  Bindery  ' });
    expect(created.statusCode).toBe(201);
    const team = created.json() as Team;
    expect(team).toMatchObject({ name: 'Bindery', memberIds: [] });
    expect(
      (await call('PUT', ps(`/teams/${team.id}`), admin, { name: 'Bindery crew' })).json(),
    ).toMatchObject({
      name: 'Bindery crew',
    });
    // moving the manager from their shift into the new team
    const managerId = listed.flatMap((l) => l.memberIds).find(Boolean)!;
    const moved = await call('PUT', ps(`/teams/${team.id}/members`), admin, { userIds: [managerId] });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Team).memberIds).toEqual([managerId]);
    const after = (await call('GET', ps('/teams'), admin)).json() as Team[];
    expect(after.filter((l) => l.memberIds.includes(managerId)).map((l) => l.id)).toEqual([team.id]);

    expect((await call('DELETE', ps(`/teams/${team.id}`), admin)).statusCode).toBe(204);
    expect((await call('DELETE', ps(`/teams/${team.id}`), admin)).statusCode).toBe(404);
    expect((await call('POST', ps('/teams'), manager, { name: 'Nope' })).statusCode).toBe(403);
    expect((await call('POST', ps('/teams'), admin, { name: '' })).statusCode).toBe(400);
  });

  it("are per tenant: another tenant's admin sees, changes and assigns none of them", async () => {
    const [team] = (await call('GET', ps('/teams'), admin)).json() as Team[];
    expect((await call('GET', ps('/teams'), otherAdmin)).json()).toEqual([]);
    expect((await call('PUT', ps(`/teams/${team!.id}`), otherAdmin, { name: 'Hijacked' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', ps(`/teams/${team!.id}/members`), otherAdmin, { userIds: [] })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', ps(`/teams/${team!.id}`), otherAdmin)).statusCode).toBe(404);
    // nor put this tenant's employees in a team of its own
    const own = (await call('POST', ps('/teams'), otherAdmin, { name: 'Theirs' })).json() as Team;
    const managerId = JSON.parse(Buffer.from(manager.bearerToken.split('.')[1]!, 'base64url').toString()).sub;
    const foreign = await call('PUT', ps(`/teams/${own.id}/members`), otherAdmin, { userIds: [managerId] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('authentication.USER_NOT_FOUND');
    expect(((await call('GET', ps('/teams'), admin)).json() as Team[])[0]).toEqual(team);
    expect(tenantOf(otherAdmin)).not.toBe(tenantOf(admin));
  });
});

describe('works-council mode TEAMS', () => {
  it('shows teams instead of persons in the per-employee sections, with the same totals', async () => {
    const url = `/api/report/reports/employees/cuts-chart?${period()}`;
    const persons = (await call('GET', url, manager)).json() as Row[];
    expect(persons.length).toBeGreaterThan(0);
    const total = persons.reduce((sum, row) => sum + row.cuts, 0);

    const on = await call('PUT', ps('/works-council-mode'), admin, { enabled: true, mode: 'TEAMS' });
    expect(on.json()).toMatchObject({ enabled: true, mode: 'TEAMS' });
    const teams = (await call('GET', url, manager)).json() as Row[];
    expect(teams.reduce((sum, row) => sum + row.cuts, 0)).toBe(total);
    const labels = teams.filter((row) => row.employee.team).map((row) => row.employee.label);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(['Early shift', 'Late shift', '']).toContain(label);
    // no person is named
    const names = persons.filter((row) => row.employee.id).map((row) => row.employee.label);
    for (const row of teams) expect(names).not.toContain(row.employee.label || '\u0000');

    const times = await call(
      'GET',
      `/api/report/reports/employees/times-chart-for-range?${period()}`,
      manager,
    );
    expect(times.statusCode).toBe(200);
    const perHour = await call(
      'GET',
      `/api/report/reports/employees/cuts-per-hour-chart?${period()}`,
      manager,
    );
    expect(perHour.statusCode).toBe(200);
    const series = (
      perHour.json() as { series: { employee: Row['employee']; buckets: { cuts: number }[] }[] }
    ).series;
    expect(series.reduce((sum, s) => sum + s.buckets.reduce((a, b) => a + b.cuts, 0), 0)).toBe(total);
    expect(series.every((s) => s.employee.team || s.employee.id === null)).toBe(true);

    // a search finds teams by their name only
    const search = (await call('GET', `${url}&search=early`, manager)).json() as Row[];
    expect(search.every((row) => row.employee.label === 'Early shift')).toBe(true);

    // switching back to pseudonyms keeps the choice of mode explicit
    expect((await call('PUT', ps('/works-council-mode'), admin, { enabled: false })).json()).toMatchObject({
      enabled: false,
      mode: 'TEAMS',
    });
    expect(((await call('GET', url, manager)).json() as Row[]).some((row) => row.employee.team)).toBe(false);
  });
});
