export { OKX_MESSAGES } from './okx-error.js';
export { type OkxServer, type OkxServerOptions, startOkxServer } from './server.js';
export { OKX_TIMESTAMP_WINDOW_MS, okxSign } from './signing.js';
export { OKX_CLIENT_ORDER_ID } from './trade-endpoints.js';
