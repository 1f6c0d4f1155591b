// Test support shared with other packages' tests (the web app's browser tests, benchmarks).

export { STREAM_PATH, seededRandom } from '@balancer/core';
export { guessesPerDay } from '../features/accounts/guessing-policy.js';
// The client's part of signing in and of the stream (the stream benchmark).
export { REFRESH_COOKIE } from '../features/accounts/refresh-cookie.js';
export { call, codeAt, solveCaptcha, solvedCaptcha } from '../features/accounts/test-support.js';
// The real app on a test database on a clock the test moves (the web app's schedule test).
export { PlatformClock } from '../shared/clock.js';
export { fingerprintOf, makeLeaf, makeTestCa, type TestCa, writePair } from '../tls/test-certificates.js';
// HTTPS: test certificates (a throwaway CA and its leaves) and a client that trusts only a given CA.
export { dataOf, type TestAnswer, testRequest } from '../tls/test-https-client.js';
export {
  killLeaderRepeatedly,
  p50AndMax,
  readyOf,
  tradingLeader,
  waitForLeader,
} from './cluster/failover.js';
export { closeAll, type Follower, followStream, missedTicks } from './cluster/followers.js';
export { type ClusterRig, startClusterRig } from './cluster/rig.js';
export {
  type InFlightSetup,
  marketStateReady,
  placeManualOrder,
  prepareOrderInFlight,
} from './crash-safety/in-flight-setup.js';
export { acmeSettings, httpsGet, type Pebble, type PebbleOptions, startPebble } from './pebble.js';
export { asUser, buildReadyOpsApp, type ReadyOpsApp } from './ready-app-ops.js';
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
export { buildTestApp } from './test-app.js';
export { describeEachDatabase } from './test-databases.js';
