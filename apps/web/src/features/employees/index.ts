/** Employees of a printing shop: the table with its create/edit dialog and delete. */
export { EmployeeFormModal, toUser } from './components/employee-form-modal';
export { EmployeesTable } from './components/employees-table';
