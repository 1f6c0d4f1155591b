// Test support shared with other packages' tests (the web app's browser tests, benchmarks).
export {
  freePort,
  logLines,
  type SpawnedServer,
  spawnServer,
  spawnServerExpectingFailure,
} from './spawn-server.js';
