/**
 * Answers of the input-commitments module (api.md, "Inputs commitment"): the sealed roots every
 * member sees, a receiver's own lines, salt and proof, and the trustee's re-seal.
 */
import { z } from 'zod';
import { proofStepSchema, type InclusionProof } from '../draw/input-commitment.js';

export const commitmentListAnswer = z.object({
  commitments: z.array(z.object({ stage: z.number().int(), inputCommitment: z.string(), frozenAt: z.string() })),
});
export type CommitmentListAnswer = z.infer<typeof commitmentListAnswer>;

/** What one receiver needs to check their own inputs were counted. */
export const inclusionProofAnswer = z.object({
  inputCommitment: z.string(),
  memberId: z.string(),
  lines: z.string(),
  salt: z.string(),
  proof: z.array(proofStepSchema),
});
export type InclusionProofAnswer = z.infer<typeof inclusionProofAnswer>;
/** Fails to compile if the answer and the proof draw/input-commitment.ts computes ever drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const INCLUSION_PROOF_SCHEMA_MATCHES: Same<InclusionProofAnswer, InclusionProof> = true;

export const renewAnswer = z.object({
  stage: z.number().int(),
  inputCommitment: z.string(),
  frozenAt: z.string(),
  /** False when the choices were still the sealed ones: the seal stands, nothing was logged. */
  renewed: z.boolean(),
});
export type RenewAnswer = z.infer<typeof renewAnswer>;
