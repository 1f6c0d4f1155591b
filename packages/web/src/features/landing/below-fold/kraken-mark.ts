/**
 * Kraken's mark, one path in a 24-unit box (data, not code): from @web3icons/core 4.0.56
 * (MIT licence, github.com/0xa3k5/web3icons), file dist/svgs/exchanges/mono/kraken.svg. Kraken is
 * not in simple-icons 16, the landing's other marks' source; the mark is Kraken's trademark.
 */
export const KRAKEN_MARK = {
  title: 'Kraken',
  path: 'M11.999 4.927C7.029 4.927 3 8.958 3 13.93v3.858a1.288 1.288 0 0 0 2.573 0V13.93a1.283 1.283 0 1 1 2.57 0v3.858a1.285 1.285 0 1 0 2.571 0V13.93a1.287 1.287 0 1 1 2.573 0v3.858a1.284 1.284 0 1 0 2.569 0V13.93a1.285 1.285 0 1 1 2.573 0v3.858a1.285 1.285 0 0 0 2.571 0V13.93a9 9 0 0 0-9.001-9.003',
} as const;
