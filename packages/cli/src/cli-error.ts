/** Thrown for an operator mistake; the message says what to do. */
export class CliError extends Error {}
