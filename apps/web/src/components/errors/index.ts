export { ErrorAlert } from './error-alert';
export { ErrorBoundary, RouteErrorPage } from './error-boundary';
export { ErrorDetails } from './error-details';
export { FIELD_OF_ERROR, fieldOfError } from './error-fields';
export { type ErrorText, errorText } from './error-text';
export { NotFoundContent } from './not-found-page';
