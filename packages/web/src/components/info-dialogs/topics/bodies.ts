import type { InfoTopic } from '../dialog-context';
import { coinsTopic } from './coins';
import { liquidityTopic } from './liquidity';
import { reversalTopic } from './reversal';
import { strategyTopic } from './strategy';
import { termsTopic } from './terms';
import type { TopicBody } from './types';
import { windowTopic } from './window';

/** Topic → body; loaded with the info dialog (it pulls the defaults from @balancer/core). */
export const TOPIC_BODIES: Readonly<Record<InfoTopic, TopicBody>> = {
  window: windowTopic,
  liquidity: liquidityTopic,
  coins: coinsTopic,
  reversal: reversalTopic,
  strategy: strategyTopic,
  terms: termsTopic,
};
