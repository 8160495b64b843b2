export { confirm, confirmDelete } from './confirm';
export { EmptyState } from './empty-state';
export { notifyDeleted, notifyError, notifySaved, notifySuccess } from './notify';
