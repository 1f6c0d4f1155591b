/**
 * An error Kraken answers with: HTTP 200 (its REST API reports failures in the body) and
 * `{"error": ["<category>:<message>"]}`, e.g. EAPI:Invalid nonce, EOrder:Insufficient funds.
 */
export class KrakenError extends Error {
  constructor(
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}
