import type { Tx } from '../../db/transactions';
import { saveNetworkAdmin } from '../auth/index';
import { updateMachine } from '../machines/index';
import { findDemoEmployees, findDemoLocations, findDemoMachines } from './demo.repository';
import { replaceUserLocations } from './employees.repository';
import { insertLicence } from './licences.repository';
import { insertLocation } from './locations.repository';
import { findTeamCandidateIds, insertTeamMember, insertTeams } from './teams.repository';

/** The two locations of the demo printing shop; their ids, for the machines and knives seeded there. */
export async function seedDemoLocations(tx: Tx, tenantId: string): Promise<{ main: string; second: string }> {
  const main = await insertLocation(tx, tenantId, {
    name: 'Werk Nord',
    street: 'Industriestraße',
    streetNumber: '12',
    zip: '20457',
    city: 'Hamburg',
    country: 'DE',
    knifeSwapInterval: 3500,
    // long runs of large sheets: the terminal asks after 10 minutes without a cut
    noCutsPromptDelay: 10,
  });
  const second = await insertLocation(tx, tenantId, {
    name: 'Werk Süd',
    street: 'Gutenbergweg',
    streetNumber: '3',
    zip: '80331',
    city: 'München',
    country: 'DE',
    knifeSwapInterval: 3000,
  });
  return { main, second };
}

/**
 * Licences, employee locations and the network admin of the demo printing shop, so that the admin
 * dashboard is meaningful on first start: every demo machine is licensed since January, two
 * licences are bought but not yet installed; the operators work at the first location, and the
 * manager (and the admin) are assigned to every location of the shop, so the manager's location
 * selector, overview and reports span more than one site.
 */
export async function seedDemoAdministration(tx: Tx, tenantId: string) {
  const machines = await findDemoMachines(tx);
  const licensedAt = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 2));
  for (const machine of machines) {
    await insertLicence(tx, tenantId, machine.serialNumber, licensedAt);
    await updateMachine(tx, machine.id, { licensedAt });
  }
  // Schneider 5 cuts poster stacks that take a while to jog: it waits 15 minutes before asking.
  const poster = machines.find((machine) => machine.serialNumber === 'PM-137-0005');
  if (poster) await updateMachine(tx, poster.id, { noCutsPromptDelay: 15 });
  for (const serial of ['PM-176-0006', 'PM-115-0007']) await insertLicence(tx, tenantId, serial, new Date());
  const locations = await findDemoLocations(tx);
  const employees = await findDemoEmployees(tx);
  const [firstLocation] = locations;
  if (firstLocation) {
    for (const employee of employees)
      await replaceUserLocations(
        tx,
        tenantId,
        employee.id,
        employee.role === 'PRINTING_SHOP_OPERATOR' ? [firstLocation.id] : locations.map((l) => l.id),
      );
  }
  await saveNetworkAdmin(tx, tenantId, {
    name: 'Stefan Krause',
    phone: '+494012345678',
    email: 'it@druckerei-beispiel.example',
  });
}

/** Demo: the shop's employees in two teams, by shift. */
export async function seedDemoTeams(tx: Tx, tenantId: string): Promise<void> {
  const people = await findTeamCandidateIds(tx);
  const teams = await insertTeams(tx, tenantId, ['Early shift', 'Late shift']);
  for (const [index, person] of people.entries())
    await insertTeamMember(tx, tenantId, person, teams[index % 2]!);
}
