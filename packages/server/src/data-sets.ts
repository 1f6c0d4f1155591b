// The lab's candle-set listing for `npm run cli -- data` (`@balancer/server/data-sets`): the same
// code the lab's GET /lab/data-sets runs, without the app, and apart from `./ops` so that doctor
// and service do not load the engine it needs.

export { type DataSetFolders, listDataSets, removeDataSet } from './features/lab/data-sets.js';
export { SHIPPED_DATA_DIR } from './paths.js';
