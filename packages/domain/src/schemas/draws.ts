/**
 * Answers of the draws module: directives and returns (stage 10), the automated steps (preview,
 * run, undo, public entropy), the draw records and their check, the pool summary and the fairness
 * report. A record is the `estate-draw/1` format itself (draw/record.ts): a full record for trustees
 * and observers (and everyone once published), a beneficiary's own copy otherwise.
 */
import { z } from 'zod';
import { beneficiaryCopySchema, drawRecordSchema, VERIFY_CHECKS } from '../draw/record.js';
import type { BeneficiaryFairnessView, FairnessReport } from '../fairness/report.js';

/** A written directive (an item to a named member, quoting the will) or a return to its owner. */
export const directiveSchema = z.object({
  itemId: z.string(),
  label: z.string(),
  name: z.string(),
  reason: z.enum(['directive', 'return']),
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  clause: z.string().nullable(),
  note: z.string().nullable(),
  documentId: z.string().nullable(),
  assignedAt: z.string().nullable(),
  assignedBy: z.string().nullable(),
  assignedByName: z.string().nullable(),
});
export type Directive = z.infer<typeof directiveSchema>;
export const directiveAnswer = z.object({ directive: directiveSchema });
export type DirectiveAnswer = z.infer<typeof directiveAnswer>;
export const directivesAnswer = z.object({ directives: z.array(directiveSchema) });
export type DirectivesAnswer = z.infer<typeof directivesAnswer>;

export const entropyAnswer = z.object({ step: z.number().int(), commitment: z.string(), publicEntropy: z.string() });
export type EntropyAnswer = z.infer<typeof entropyAnswer>;

/**
 * One item of a step's result in words: its number and name, and the person it went to, or that
 * nobody wanted it (with what became of it since, when decided).
 */
export const drawLineSchema = z.object({
  itemId: z.string(),
  label: z.string(),
  name: z.string(),
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  unwanted: z.boolean(),
  outcome: z.enum(['donate', 'sell', 'discard', 'family']).nullable(),
  round: z.number().int().optional(),
  pick: z.number().int().optional(),
  tokens: z.number().int().optional(),
  tied: z.number().int().optional(),
});
export type DrawLine = z.infer<typeof drawLineSchema>;

/**
 * What a practice draw of step 21 or 31 can promise about the real one: how many items it gives
 * away, to how many people, and who can receive each item (one name: certain).
 */
export const drawCertaintySchema = z.object({
  items: z.number().int(),
  certain: z.number().int(),
  receivers: z.number().int(),
  pools: z.array(z.object({ itemId: z.string(), label: z.string(), name: z.string(), members: z.array(z.object({ id: z.string(), name: z.string() })) })),
});
export type DrawCertaintyView = z.infer<typeof drawCertaintySchema>;

/** A simulation of the step: the record it would write, nothing stored; `certainty` for steps 21 and 31. */
export const stepPreviewAnswer = z.object({ preview: z.literal(true), notice: z.string(), record: drawRecordSchema, lines: z.array(drawLineSchema), certainty: drawCertaintySchema.nullable() });
export type StepPreviewAnswer = z.infer<typeof stepPreviewAnswer>;
export const stepRunAnswer = z.object({ record: drawRecordSchema, lines: z.array(drawLineSchema) });
export type StepRunAnswer = z.infer<typeof stepRunAnswer>;
export const stepUndoAnswer = z.object({ step: z.number().int(), undone: z.literal(true), restored: z.number().int() });
export type StepUndoAnswer = z.infer<typeof stepUndoAnswer>;

/** A step that has run. `inputHash` only for trustees and observers (and everyone once published). */
export const drawSummarySchema = z.object({
  step: z.number().int(),
  name: z.string(),
  commitment: z.string(),
  inputCommitment: z.string().optional(),
  inputHash: z.string().optional(),
  ranAt: z.string(),
});
export type DrawSummary = z.infer<typeof drawSummarySchema>;
export const drawsAnswer = z.object({ draws: z.array(drawSummarySchema) });
export type DrawsAnswer = z.infer<typeof drawsAnswer>;

/** `GET …/draws/:step/lines` (trustees and observers): the stored result in words. */
export const drawLinesAnswer = z.object({ step: z.number().int(), lines: z.array(drawLineSchema) });
export type DrawLinesAnswer = z.infer<typeof drawLinesAnswer>;

/** One step's record: the full record, or the caller's own copy. */
export const drawAnswer = z.union([drawRecordSchema, beneficiaryCopySchema]);
export type DrawAnswer = z.infer<typeof drawAnswer>;

export const publishAnswer = z.object({ published: z.literal(true) });
export type PublishAnswer = z.infer<typeof publishAnswer>;

/** `scope: 'own'` is a beneficiary's copy, checked as far as it goes (it is never re-run). */
export const verifyAnswer = z.object({
  verified: z.boolean(),
  scope: z.enum(['full', 'own']),
  checks: z.array(z.enum(VERIFY_CHECKS)),
  differences: z.array(z.string()),
});
export type VerifyAnswer = z.infer<typeof verifyAnswer>;

/** For trustees and observers before the steps: how wanted the pool is, and each receiver's inputs. */
export const poolSummaryAnswer = z.object({
  poolItems: z.number().int(),
  unwanted: z.number().int(),
  wantedByOne: z.number().int(),
  highInterest: z.number().int(),
  contested: z.number().int(),
  receivers: z.array(
    z.object({
      memberId: z.string(),
      displayName: z.string(),
      hearted: z.number().int(),
      heartedHighInterest: z.number().int(),
      ranked: z.number().int(),
      tokens: z.number().int(),
    }),
  ),
});
export type PoolSummaryAnswer = z.infer<typeof poolSummaryAnswer>;

// The fairness report (fairness/report.ts computes it) --------------------------------------------

const counts = z.object({ rank: z.number(), token: z.number() });
export const fairnessRowSchema = z.object({
  memberId: z.string(),
  received: z.number(),
  byReason: z.record(z.string(), z.number()),
  hearted: z.number(),
  heartedReceived: z.number(),
  wantedShare: z.number().nullable(),
  highInterest: z.object({ received: z.number(), top1: z.number(), top3: z.number(), top10: z.number(), meanRank: z.number().nullable() }),
  value: z.number().nullable(),
  valueShare: z.number().nullable(),
  envies: counts,
  ef1Violations: counts,
});
export type FairnessRow = z.infer<typeof fairnessRowSchema>;
const pairUtility = z.object({ own: z.number(), other: z.number(), envy: z.boolean(), ef1: z.boolean() });
export const fairnessAggregatesSchema = z.object({
  receivers: z.number(),
  itemsReceived: z.number(),
  byReason: z.record(z.string(), z.number()),
  meanWantedShare: z.number().nullable(),
  minWantedShare: z.number().nullable(),
  pairs: z.number(),
  enviousPairs: counts,
  ef1Violations: counts,
  randomTieBreaks: z.number(),
  trusteeOverrides: z.number(),
  totalValue: z.number().nullable(),
  itemsWithoutValue: z.number(),
});
export type FairnessAggregates = z.infer<typeof fairnessAggregatesSchema>;
const fullReport = z.object({
  rows: z.array(fairnessRowSchema),
  pairs: z.array(z.object({ from: z.string(), to: z.string(), rank: pairUtility, token: pairUtility })),
  aggregates: fairnessAggregatesSchema,
});
const ownReport = z.object({ row: fairnessRowSchema.nullable(), aggregates: fairnessAggregatesSchema });

/** Every row and pair for trustees and observers (`full`); a beneficiary's own row and what they wanted but did not get (`own`). */
/** An item a beneficiary hearted that went to someone else: who received it and the plain reason (never ranks or tokens). */
export const missedItemSchema = z.object({ itemId: z.string(), label: z.string(), name: z.string(), receiverId: z.string(), reason: z.string() });
export type MissedItem = z.infer<typeof missedItemSchema>;

export const fairnessAnswer = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('full'), report: fullReport }),
  z.object({ scope: z.literal('own'), report: ownReport, missed: z.array(missedItemSchema) }),
]);
export type FairnessAnswer = z.infer<typeof fairnessAnswer>;

/** Fails to compile if the schema and what fairness/report.ts computes ever drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const FAIRNESS_SCHEMA_MATCHES: [Same<z.infer<typeof fullReport>, FairnessReport>, Same<z.infer<typeof ownReport>, BeneficiaryFairnessView>] = [true, true];
