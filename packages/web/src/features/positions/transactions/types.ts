/** A transaction as GET /position/transaction/:id answers it (docs/trading-api.md); defined in core. */
export type { TransactionLog, TransactionRecord, TransactionStatus } from '@balancer/core';
