import { SERVER_VERSION } from '../paths.js';

/** The running API's version (packages/server/package.json). */
export const API_VERSION: string = SERVER_VERSION;
