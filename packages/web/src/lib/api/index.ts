import { currentApiBaseUrl } from './base-url';
import { ApiClient } from './client';
import { TokenStore } from './token-store';

export { ApiError, errorMessageOf } from './api-error';
export { apiBaseUrl, currentApiBaseUrl } from './base-url';
export { ApiClient, type RequestOptions } from './client';
export { shouldRetryQuery } from './query-retry';
export { TokenStore } from './token-store';

let shared: ApiClient | undefined;

/** The page's one client (and so one token), made on first use. */
export function apiClient(): ApiClient {
  shared ??= new ApiClient({ baseUrl: currentApiBaseUrl(), tokens: new TokenStore() });
  return shared;
}
