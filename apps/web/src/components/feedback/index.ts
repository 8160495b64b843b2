export { type ConfirmOptions, confirm, confirmDelete } from './confirm';
export { EmptyState } from './empty-state';
export { notifyError, notifySuccess } from './notify';
