/*
 * The lab's own screens in one chunk: routes.tsx loads it for whichever lab page opens first,
 * so the router's first load lists one chunk for them, not one per page.
 */
export { BacktestPage } from './backtest/backtest-page';
export { ComparePage } from './compare/compare-page';
export { DataPage } from './data/data-page';
export { LabLayout } from './lab-layout';
export { ResultPage } from './result/result-page';
export { ResultsPage } from './results/results-page';
export { SweepPage } from './sweep/sweep-page';
export { SweepResultPage } from './sweep/sweep-result-page';
