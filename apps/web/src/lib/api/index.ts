export { buildUrl } from './api';
export { ApiError, CLIENT_ERROR_CODES, isApiError } from './api-error';
export { api, httpClient, tokenStore } from './client';
export { downloadFile } from './download';
