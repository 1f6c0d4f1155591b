import type { ProjectLinks } from '../../../lib/links';

export interface FaqItem {
  question: string;
  answer: string[];
}

/**
 * The first 10 questions in their order; answers describe Balancer as README.md and docs/ do.
 * faqItems() adds this install's addresses to the open-source answer and the 11th, support.
 */
const FAQ_ITEMS: FaqItem[] = [
  {
    question: 'What is Balancer?',
    answer: [
      'A free, self-hosted web platform that trades Bitcoin for you by value averaging: it grows a BTC position during crashes and sells it down in steps during rallies, on an exchange account you configure.',
    ],
  },
  {
    question: 'How does it work?',
    answer: [
      'Every few seconds it reads the market: a window of 15-minute candles, the order book’s liquidity, the coins and a reversal score. After a crash, a reversal buys (opens or adds to the position); when the window turns strongly up it sells by five decrease levels, each a share of the position at a higher gain.',
      'Every order is saved before it is placed, so a retry or a restart never places it twice.',
    ],
  },
  {
    question: 'What are the benefits?',
    answer: [
      'It follows one written strategy without emotion, day and night: buying the dip, selling the rally in steps, with a planner that works out the price, time and amount of the next increase and decrease.',
      'You can backtest the strategy on real candles (npm run backtest) and compare it with buy-and-hold, weekly DCA and classic value averaging before you trade.',
    ],
  },
  {
    question: 'How much does it cost?',
    answer: [
      'Nothing. Balancer is open source under the Apache-2.0 licence and runs on your own machine. Your exchange charges its usual trading fees.',
    ],
  },
  {
    question: 'Is it secure?',
    answer: [
      'Every operator signs in with a password (argon2id with a pepper) and a one-time code from an authenticator app, behind a proof-of-work captcha. Sessions are short-lived tokens with a rotating refresh cookie.',
      'Exchange API keys and one-time-code secrets are encrypted (AES-256-GCM) before they reach the database and never appear in logs. Roles limit who may change the configuration or trade.',
    ],
  },
  {
    question: 'Where is my data kept?',
    answer: [
      'On your machine only: in the embedded database in ./data, or in your own PostgreSQL server. Nothing is sent to us.',
      'npm run cli -- backup writes a consistent snapshot, also while the platform runs; keep data/secrets.json with your backups.',
    ],
  },
  {
    question: 'Is it open source?',
    answer: [
      'Yes: the whole platform (core, engine, server, web app and CLI) is one repository under the Apache-2.0 licence. Read it, run it and change it.',
    ],
  },
  {
    question: 'Which exchanges are supported?',
    // Supported, partially supported, planned: the usual three groups, filled as this build is
    // (docs/exchanges.md, the engine's SUPPORTED_EXCHANGES): five supported, none partial, none planned.
    answer: [
      'Supported: Binance, Kraken, OKX, Bitfinex and Coinbase, for market data, paper trading and live trading.',
      'Partially supported: none. Live trading is enabled on an exchange only once its signed API is tested end to end.',
      'Planned: none. This build names no further exchange.',
      'By default Balancer trades on a simulated market: real Binance BTC/USDT candles replayed with a simulated account, so no real order is ever placed until you choose paper or live mode.',
    ],
  },
  {
    question: 'How do I get started?',
    answer: [
      'Install Node.js 20.19 or later, get the source code, then run npm ci && npm start. The app and API open at http://localhost:5075.',
      'On the first start the terminal shows the root account’s one-time-code secret (run as a service, it is in the data folder’s root-otp.txt instead): add it to an authenticator app, set a password on the Update password screen, then sign in.',
    ],
  },
  {
    question: 'Can I use other strategies?',
    answer: [
      'Balancer runs one strategy, value averaging, with four templates (Eager Scalper, Scalper, Eager Swing Trader, Swing Trader) whose amounts, gain requirements, waits and decrease levels you can tune and backtest.',
    ],
  },
];

/**
 * Where the source code and support are, from this install's configuration: the addresses when
 * set, and plainly "not configured" when not (never a placeholder).
 */
function configuredAnswers(links: ProjectLinks): { source: string; support: string[] } {
  const repo = links.sourceCodeUrl;
  return {
    source: repo
      ? `Its source code: ${repo}`
      : 'This install has no code host address configured (SOURCE_CODE_URL).',
    support: [
      repo
        ? `Open an issue at ${repo}/issues with what you did and what you saw.`
        : 'Open an issue on the project’s code host with what you did and what you saw (its address is not configured on this install).',
      links.contactEmail
        ? `For anything else, write to ${links.contactEmail}.`
        : 'A contact address is not configured on this install.',
      'Notifications (also to Telegram, if you configure it) and the server monitor help you see what the platform is doing.',
    ],
  };
}

/** The 11 questions in the product's order, with this install's addresses filled in. */
export function faqItems(links: ProjectLinks): FaqItem[] {
  const { source, support } = configuredAnswers(links);
  return [
    ...FAQ_ITEMS.map((item) =>
      item.question === 'Is it open source?' ? { ...item, answer: [...item.answer, source] } : item,
    ),
    { question: 'How do I get support?', answer: support },
  ];
}
