export { type Api, type ApiInput, buildUrl, createApi } from './api';
export { type AnyErrorCode, ApiError, CLIENT_ERROR_CODES, isApiError } from './api-error';
export { api, httpClient, tokenStore } from './client';
export { downloadFile, saveBlob } from './download';
export { createHttpClient, type HttpClient, XSRF_COOKIE, XSRF_HEADER } from './http-client';
export {
  BEARER_TOKEN_KEY,
  createTokenStore,
  REFRESH_TOKEN_KEY,
  type TokenStore,
  type Tokens,
} from './token-store';
