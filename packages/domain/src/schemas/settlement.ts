/**
 * The settlement statement's answer and the trustee's weights (api.md "Settlement, history,
 * questions"; rules in distribution.md "Settlement"). Amounts are whole minor units (cents).
 */
import { z } from 'zod';
import type { Statement } from '../settlement/statement.js';

/** The largest weight the trustee may set: shares like 2:1:1 or 3:2, never a typing slip of millions. */
export const MAX_SETTLEMENT_WEIGHT = 1000;

const minor = z.number().int();

export const settlementItemSchema = z.object({
  itemId: z.string(),
  label: z.string(),
  name: z.string(),
  receiverId: z.string().nullable(),
  value: minor.nullable(),
  currency: z.string(),
});

export const settlementPersonSchema = z.object({
  memberId: z.string(),
  displayName: z.string(),
  weight: z.number().int().min(1),
  items: z.number().int().min(0),
  inKind: minor,
  target: minor,
  balance: minor,
});

export const settlementPaymentSchema = z.object({
  /** A member id, or "estate" (the proceeds of sales). */
  from: z.string(),
  to: z.string(),
  amount: minor.positive(),
});

export const settlementAnswer = z.object({
  /** "full": every row and payment (trustees, observers); "own": the totals, the reader's row and their payments. */
  scope: z.enum(['full', 'own']),
  currency: z.string(),
  weights: z.enum(['equal', 'set']),
  people: z.array(settlementPersonSchema),
  pool: minor,
  totals: z.object({ receivers: z.number().int(), weight: z.number().int(), inKind: minor }),
  proceeds: minor,
  notValued: z.array(settlementItemSchema),
  otherCurrencies: z.array(z.object({ currency: z.string(), items: z.array(settlementItemSchema) })),
  awaitingSale: z.array(settlementItemSchema),
  payments: z.array(settlementPaymentSchema),
  /** Names of the people the payments name (a beneficiary's copy has no other rows to read them from). */
  names: z.record(z.string(), z.string()),
});
export type SettlementAnswer = z.infer<typeof settlementAnswer>;
export type SettlementPerson = z.infer<typeof settlementPersonSchema>;
export type SettlementPayment = z.infer<typeof settlementPaymentSchema>;
export type SettlementItem = z.infer<typeof settlementItemSchema>;

export const settlementWeightsBody = z.object({
  weights: z
    .array(
      z.object({
        memberId: z.string().min(1),
        weight: z
          .number({ error: 'A weight is a whole number, 1 or more.' })
          .int({ error: 'A weight is a whole number, 1 or more.' })
          .min(1, { error: 'A weight is a whole number, 1 or more.' })
          .max(MAX_SETTLEMENT_WEIGHT, { error: `A weight is at most ${MAX_SETTLEMENT_WEIGHT}.` }),
      }),
    )
    .max(500),
});
export type SettlementWeightsBody = z.infer<typeof settlementWeightsBody>;

/** Fails to compile if the answer's shared part and what settlement/statement.ts computes drift apart. */
type Shared = Omit<z.infer<typeof settlementAnswer>, 'scope' | 'names' | 'people'> & { people: Omit<SettlementPerson, 'displayName'>[] };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SETTLEMENT_SCHEMA_MATCHES: Same<Shared, Statement> = true;
