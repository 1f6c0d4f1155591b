import { z } from 'zod';

/*
 * Building blocks of the wire contract (records.ts, essentials.ts, stream.ts): how the API writes
 * money, times and ids. Money is a decimal string (never a float); times are epoch ms.
 */

/** A decimal number written as text: `123`, `0.00012`, `-4.5` (money and prices). */
export const decimalTextSchema = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number as text');

/** Epoch milliseconds. */
export const epochMsSchema = z.number().int().min(0);

/** A percentage or another indicator figure: a plain finite number. */
export const figureSchema = z.number();
