/** Users and employees: the shared account fields, the printing shop's employees table, users of tenants without locations. */
export { useSetUserActive, useTenantUsers } from './api/users';
export { EmployeeFormModal } from './components/employee-form-modal';
export { EmployeesTable } from './components/employees-table';
export { toUserBody, UserFields, userFormValues } from './components/user-fields';
export { UserFormModal } from './components/user-form-modal';
