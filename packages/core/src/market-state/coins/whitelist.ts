/**
 * The default coins whitelist: large-cap coins commonly quoted in USDT, BTC first, stablecoins
 * and wrapped tokens left out (their COIN/quote price says nothing about capital flow). Only
 * symbols (^[A-Z0-9]{1,20}$); the exchange's 24 h volumes pick the top `limit` of them at run time.
 * The order is the fallback priority before the first volume-based selection.
 */
export const DEFAULT_COINS_WHITELIST: readonly string[] = Object.freeze(
  [
    'BTC ETH BNB SOL XRP DOGE ADA TRX AVAX LINK TON SHIB DOT BCH NEAR LTC UNI POL ICP APT ETC SUI FIL ',
    'ATOM XLM HBAR ARB OP INJ IMX VET RENDER GRT AAVE ALGO SEI TIA STX EGLD THETA SAND MANA AXS FLOW ',
    'XTZ EOS NEO KAVA CHZ CRV LDO RUNE QNT GALA APE SNX COMP ZEC DASH ENJ 1INCH BAT ZIL IOTA KSM CAKE ',
    'PEPE WIF BONK FLOKI JUP PYTH ENA WLD FET AR ORDI JASMY ROSE MINA GMX DYDX BLUR ENS TAO ONDO STRK ',
    'JTO PENDLE TRB SUSHI YFI ZRX ANKR ICX ONT QTUM WAVES CELO HOT RVN IOTX LRC MASK SKL STORJ AUDIO ',
    'API3 BAND ASTR CFX ACH AGLD ID ARKM MEME NOT W ZK EIGEN',
  ]
    .join('')
    .split(' '),
);
