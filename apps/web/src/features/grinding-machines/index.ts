/** Grinding machines of a grinding shop's location: the table with its add/edit dialog and delete. */
export { useGrindingMachines } from './api/grinding-machines';

export { GrindingMachinesTable } from './components/grinding-machines-table';
