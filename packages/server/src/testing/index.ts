// Test support shared with other packages' tests (the web app's browser tests, benchmarks).

export { STREAM_PATH } from '@balancer/core';
export { guessesPerDay } from '../features/accounts/guessing-policy.js';
// The client's part of signing in and of the stream (the stream benchmark).
export { REFRESH_COOKIE } from '../features/accounts/refresh-cookie.js';
export { call, codeAt, solvedCaptcha } from '../features/accounts/test-support.js';
export {
  type InFlightSetup,
  marketStateReady,
  placeManualOrder,
  prepareOrderInFlight,
} from './crash-safety/in-flight-setup.js';
export { seededRandom } from './crash-safety/seeded-random.js';
export { type ReleaseAnswer, type ReleaseServer, startReleaseServer } from './release-server.js';
export {
  freePort,
  logLines,
  type ServerCommand,
  type SpawnedServer,
  spawnServer,
  spawnServerExpectingFailure,
} from './spawn-server.js';
export {
  type ApiCall,
  type ApiSession,
  callApi,
  createUser,
  fetchApi,
  OtpClock,
  otpClock,
  refreshSession,
  rootOtpSecret,
  setPassword,
  signInOverApi,
  solvedCaptchaOf,
  TEST_PASSWORD,
} from './spawned-api.js';
export { startTelegramStandIn, type TelegramFault, type TelegramStandIn } from './telegram-server.js';
