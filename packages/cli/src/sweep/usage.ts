/** `npm run cli -- sweep …` in the cli's usage (the command itself loads only when run). */
export const SWEEP_USAGE = `
  npm run cli -- sweep --param ID=FROM:TO:STEP [--param …] [--random N [--seed S]] [--metric M]
                       [--train 0.7|none | --walk-forward K] [--top 10] [--threads N] [--json] [backtest flags: --data --from --to --fee --quote --template --config]
      Backtests every combination (or N random ones) of the parameters on the in-sample share of the
      period, ranks them by M (final-equity, irr, max-drawdown, return-drawdown) and shows the same
      settings on the rest of the period, on N worker threads (1: this thread, same result; default:
      1 on 2 cores or for under 20 M candle replays, else one per 10 M, at most the cores but one). --walk-forward K (2…10) cuts the period into K + 1 windows and, for each, shows
      the best settings of the window before it. Parameters: increaseGainRequirement, increaseIdleDuration,
      decreaseGainScale, decreasePercentageScale, windowSize, windowRequirement,
      windowStrongRequirement (docs/backtesting.md#parameter-sweeps).
`;
