import { describe, expect, it } from 'vitest';
import { LAB_SWEEP_METRICS } from '../api/lab.js';
import { LAB_SWEEP_PARAMETERS } from '../api/lab-sweep-parameters.js';
import { settingLabel, sweepMetricLabel, withSettingLabels } from './setting-labels.js';

const IDENTIFIER = /[a-z][A-Z]|\w\.\w|\w-\w/;

describe('setting labels', () => {
  it('names the decrease levels as Adjustments does', () => {
    expect(settingLabel('decreaseLevels.0.gainRequirement')).toBe('Level 1 gain %');
    expect(settingLabel('decreaseLevels.4.frequency')).toBe('Level 5 wait (min)');
    expect(settingLabel('increaseGainRequirement')).toBe('Increase gain requirement (%)');
  });

  it('has words for every sweep parameter and metric', () => {
    for (const parameter of LAB_SWEEP_PARAMETERS) expect(settingLabel(parameter.id)).not.toMatch(IDENTIFIER);
    for (const metric of LAB_SWEEP_METRICS) expect(sweepMetricLabel(metric)).not.toMatch(IDENTIFIER);
    expect(sweepMetricLabel('return-drawdown')).toBe('Return ÷ max drawdown');
  });

  it('spells out an unknown path instead of showing it', () => {
    expect(settingLabel('someNewSetting.2')).toBe('some new setting 2');
  });

  it('puts labels in place of the paths a refusal names', () => {
    expect(withSettingLabels('newConfig.decreaseLevels.0.gainRequirement: must be at least 0.1')).toBe(
      '“Level 1 gain %”: must be at least 0.1',
    );
    expect(withSettingLabels('body.strategy.increaseIdleDuration: too big; decreaseLevels: not rising')).toBe(
      '“Idle after an increase (h)”: too big; “Decrease levels”: not rising',
    );
    expect(withSettingLabels('The exchange could not be reached')).toBe('The exchange could not be reached');
  });
});
