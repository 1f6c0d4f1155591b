import { currentApiBaseUrl } from './base-url';
import { ApiClient } from './client';
import { browserTabs, refreshAcrossTabs } from './refresh-across-tabs';
import { TokenStore } from './token-store';

export { ApiError, errorMessageOf } from './api-error';
export { apiBaseUrl, currentApiBaseUrl } from './base-url';
export { ApiClient, type RequestOptions } from './client';
export { fetchDocument, saveBlob } from './download';
export { shouldRetryQuery } from './query-retry';
export { TokenStore } from './token-store';

let shared: ApiClient | undefined;

/** The page's one client (and so one token), made on first use; it renews in step with the other tabs. */
export function apiClient(): ApiClient {
  shared ??= new ApiClient({
    baseUrl: currentApiBaseUrl(),
    tokens: new TokenStore(),
    coordinate: refreshAcrossTabs(browserTabs()),
  });
  return shared;
}
