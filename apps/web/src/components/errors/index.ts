export { ErrorAlert } from './error-alert';
export { ErrorBoundary, RouteErrorPage } from './error-boundary';
export { type ErrorText, errorText } from './error-text';
export { NotFoundContent } from './not-found-page';
