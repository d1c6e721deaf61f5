/** Consent (module `agreements`): the Terms of Use and the Estate Agreement, request bodies and answers. */
import { z } from 'zod';
import { AGREEMENT_KINDS, AGREEMENT_NOTE_MAX, AGREEMENT_PART_IDS } from '../consent.js';
import { text } from './text.js';

export const agreementKindSchema = z.enum(AGREEMENT_KINDS);

export const acceptAgreementBody = z.strictObject({
  version: z.number().int().min(1).max(1_000_000),
});

/** A new version of the Agreement: the trustee's words under each part (empty or absent: none). */
export const publishAgreementBody = z.strictObject({
  notes: z.strictObject(
    Object.fromEntries(AGREEMENT_PART_IDS.map((id) => [id, text(AGREEMENT_NOTE_MAX, { trim: true }).optional()])) as Record<
      (typeof AGREEMENT_PART_IDS)[number],
      z.ZodOptional<ReturnType<typeof text>>
    >,
  ),
});

export const agreementPartSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The standard text, in the reader's language (a small markdown subset, see content/README.md). */
  body: z.string(),
  /** The trustee's words for this estate, as they wrote them (any language). */
  estateNote: z.string().optional(),
});

export const acceptanceSchema = z.object({
  kind: agreementKindSchema,
  version: z.number().int(),
  acceptedAt: z.string(),
});
export type Acceptance = z.infer<typeof acceptanceSchema>;

/** `POST …/agreements/:kind/accept` → 201. */
export const acceptanceAnswer = z.object({ acceptance: acceptanceSchema });
export type AcceptanceAnswer = z.infer<typeof acceptanceAnswer>;

export const agreementSchema = z.object({
  kind: agreementKindSchema,
  version: z.number().int(),
  title: z.string(),
  language: z.string(),
  parts: z.array(agreementPartSchema),
  publishedAt: z.string().nullable(),
  /** When the caller accepted this version (absent: not yet). */
  acceptedAt: z.string().optional(),
  /** The last older version the caller accepted, when they have not accepted this one. */
  previouslyAccepted: acceptanceSchema.optional(),
});
export type Agreement = z.infer<typeof agreementSchema>;

/** `POST …/agreements/agreement/versions` → 201: the new version. */
export const publishedAgreementAnswer = z.object({ agreement: agreementSchema });
export type PublishedAgreementAnswer = z.infer<typeof publishedAgreementAnswer>;

export const agreementsAnswer = z.object({
  agreements: z.array(agreementSchema),
  /** Whether the caller must accept before giving input (they take part and have not accepted both). */
  required: z.boolean(),
});
export type AgreementsAnswer = z.infer<typeof agreementsAnswer>;

export const memberConsentSchema = z.object({
  memberId: z.string(),
  displayName: z.string(),
  roles: z.array(z.number().int()),
  terms: acceptanceSchema.nullable(),
  agreement: acceptanceSchema.nullable(),
  /** Accepted both current versions. */
  current: z.boolean(),
});

export const consentOverviewAnswer = z.object({
  current: z.object({ terms: z.number().int(), agreement: z.number().int() }),
  members: z.array(memberConsentSchema),
});
export type ConsentOverview = z.infer<typeof consentOverviewAnswer>;
