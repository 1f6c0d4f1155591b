/**
 * What the stand-ins' test key may do, as each exchange's key-permissions endpoint reports it.
 * Tests change it on the running server's state (`state.permissions.withdraw = true`) to make a
 * key that can withdraw or cannot trade. A key that cannot trade is also refused orders where the
 * stand-in enforces it (Binance, Kraken: the Kraken check depends on that refusal).
 */
export interface StandInKeyPermissions {
  trade: boolean;
  withdraw: boolean;
}

/** The keys Balancer asks for: trade yes, withdraw no. */
export function keyPermissions(given: Partial<StandInKeyPermissions> = {}): StandInKeyPermissions {
  return { trade: given.trade ?? true, withdraw: given.withdraw ?? false };
}
