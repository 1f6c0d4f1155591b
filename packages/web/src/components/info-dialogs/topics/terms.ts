import type { TopicBody } from './types';

/** The terms shown to visitors. */
export const termsTopic: TopicBody = {
  summary: [
    'You must be at least 18 years old to use Balancer. It is free for individuals; commercial use needs a licence. Balancer is not a broker and gives no financial advice.',
  ],
  sections: [
    {
      heading: 'Who may use it',
      paragraphs: [
        'You must be at least 18 years old. Use by individuals is free, with no subscription fees. Any commercial use needs a licence: open an issue on the code host to ask for one.',
      ],
    },
    {
      heading: 'No advice, no broker',
      paragraphs: [
        'Balancer is software that you run yourself. It is not a broker: it never holds your funds, which stay on your own exchange account and in your own wallets. Nothing it shows is financial advice. Trading Bitcoin is risky and you can lose money; past results, simulations and backtests do not promise future ones.',
      ],
    },
    {
      heading: 'Your responsibility',
      paragraphs: [
        'You choose the exchange, the settings and the amounts, and you are responsible for the trades the platform places on your behalf, for keeping your server, passwords, one-time codes and exchange keys safe, and for following the laws that apply to you.',
        'The software is provided as is, without warranty of any kind.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: ['These terms are governed by the laws of Venezuela.'],
    },
  ],
};
