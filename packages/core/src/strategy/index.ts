export {
  type DecreaseAmount,
  decreaseAmount,
  desiredDecrease,
  type IncreaseAmount,
  increaseAmount,
} from './amounts.js';
export {
  type DecreaseLevel,
  parseStrategyConfig,
  type StrategyConfig,
  strategyConfigSchema,
} from './config.js';
export {
  BASE_DECIMALS,
  DECREASE_LEVEL_COUNT,
  GLOBAL_DECREASE_WAIT_MS,
  MIN_INCREASE_AMOUNT_QUOTE,
  MIN_ORDER_BASE,
  MS_PER_MINUTE,
  ORDER_BASE_DECIMALS,
  QUOTE_DECIMALS,
  WHOLE_POSITION_SHARE,
} from './constants.js';
export {
  type DecidedAmount,
  type DecisionState,
  decisionState,
  type HeldPosition,
} from './decision-state.js';
export {
  activeLevel,
  type DecreaseDecision,
  type DecreaseInput,
  type DecreaseNoneReason,
  decideDecrease,
  decreaseOn,
} from './decrease.js';
export { DECREASE_FILTER_GAIN_MARGIN, mayDecrease } from './decrease-filter.js';
export { decreaseAmountForDisplay } from './display.js';
export { quoteAfterBuyFee } from './fee-reserve.js';
export {
  decideIncrease,
  type IncreaseDecision,
  type IncreaseInput,
  type IncreaseNoneReason,
  increaseOn,
} from './increase.js';
export { type Balances, freezeStrategy } from './inputs.js';
export {
  durationText,
  type LabAppliedInput,
  labAppliedNotice,
  type MarketAssetCodes,
  type NoticeText,
  type OrderNoticeInput,
  orderNotice,
  positionClosedNotice,
  realisedProfit,
  signedQuoteText,
} from './order-notice.js';
export {
  type DecreaseReasonInput,
  decreaseReason,
  describeOrderReason,
  type IncreaseReasonInput,
  increaseReason,
  type ManualReasonInput,
  manualReason,
  type OrderReason,
  quoteText,
  REASON_NOT_RECORDED,
} from './order-reason.js';
export { orderReasonSchema, readOrderReason } from './order-reason-schema.js';
export { buildPlan, type PlanInput } from './planner/build-plan.js';
export { priceChangeForStrongState } from './planner/strong-state.js';
export type {
  DecreaseLevelPlan,
  DecreasePlan,
  IncreasePlan,
  IncreasePriceSetBy,
  Plan,
} from './planner/types.js';
export { appendDecrease, appendIncrease, copyActions, recordDecrease, recordIncrease } from './record.js';
export {
  STRATEGY_SETTING_LABELS,
  SWEEP_METRIC_LABELS,
  settingLabel,
  sweepMetricLabel,
  withSettingLabels,
} from './setting-labels.js';
export {
  DEFAULT_STRATEGY_CONFIG,
  increaseAmountForBudget,
  STRATEGY_TEMPLATES,
  type StrategyTemplateId,
} from './templates.js';
export {
  globalDecreaseIdleEnd,
  increaseIdleEnd,
  increaseWaitMs,
  laterDecreaseIdleEnd,
  levelIdleEnd,
} from './timing.js';
