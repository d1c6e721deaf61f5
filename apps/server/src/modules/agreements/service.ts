/**
 * Consent: the Terms of Use and the Estate Agreement of an estate, in the reader's language, which
 * version is current, who accepted which version and when. Accepting the current versions opens a
 * member's inputs (approvals, hearts, rankings, tokens: see `assertInputsOpen` in platform/pool.ts).
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AGREEMENT_PART_IDS, FIRST_AGREEMENT_VERSION, TERMS_VERSION, givesInput, type AgreementKind } from '@estate/domain/consent';
import type { Language } from '@estate/domain/settings';
import type { publishAgreementBody } from '@estate/domain/schemas/agreements';
import termsEn from '@estate/domain/content/terms.en.json' with { type: 'json' };
import termsTr from '@estate/domain/content/terms.tr.json' with { type: 'json' };
import termsAr from '@estate/domain/content/terms.ar.json' with { type: 'json' };
import agreementEn from '@estate/domain/content/agreement.en.json' with { type: 'json' };
import agreementTr from '@estate/domain/content/agreement.tr.json' with { type: 'json' };
import agreementAr from '@estate/domain/content/agreement.ar.json' with { type: 'json' };
import type { Db } from '../../db/client.js';
import { agreementAcceptances, agreementVersions, memberships, users } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { recheckAccess } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';

type Content = { title: string; version: string; parts: { id: string; title: string; body: string }[] };
const CONTENT: Record<AgreementKind, Record<Language, Content>> = {
  terms: { en: termsEn, tr: termsTr, ar: termsAr },
  agreement: { en: agreementEn, tr: agreementTr, ar: agreementAr },
};

type VersionRow = { version: number; notes: Record<string, string>; publishedAt: Date | null };

/** The estate's current Agreement: its latest published version, or the standard text (version 1). */
async function currentAgreement(db: Db, estateId: string): Promise<VersionRow> {
  const [row] = await db
    .select({ version: agreementVersions.version, notes: agreementVersions.notes, publishedAt: agreementVersions.publishedAt })
    .from(agreementVersions)
    .where(inEstate(agreementVersions, estateId))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  return row ?? { version: FIRST_AGREEMENT_VERSION, notes: {}, publishedAt: null };
}

/** The current version of each kind in an estate. */
export async function currentVersions(db: Db, estateId: string): Promise<Record<AgreementKind, number>> {
  return { terms: TERMS_VERSION, agreement: (await currentAgreement(db, estateId)).version };
}

function document(kind: AgreementKind, language: Language, version: VersionRow) {
  const content = CONTENT[kind][language];
  return {
    kind,
    version: version.version,
    title: content.title,
    language,
    publishedAt: version.publishedAt?.toISOString() ?? null,
    parts: content.parts.map((part) => {
      const note = version.notes[part.id];
      return { id: part.id, title: part.title, body: part.body, ...(note ? { estateNote: note } : {}) };
    }),
  };
}

type AcceptanceRow = { kind: AgreementKind; version: number; acceptedAt: Date };

async function acceptancesOf(db: Db, estateId: string, memberId: string): Promise<AcceptanceRow[]> {
  return db
    .select({ kind: agreementAcceptances.kind, version: agreementAcceptances.version, acceptedAt: agreementAcceptances.acceptedAt })
    .from(agreementAcceptances)
    .where(inEstate(agreementAcceptances, estateId, eq(agreementAcceptances.memberId, memberId)))
    .orderBy(desc(agreementAcceptances.version));
}

const acceptanceDto = (a: AcceptanceRow) => ({ kind: a.kind, version: a.version, acceptedAt: a.acceptedAt.toISOString() });

/** Both documents for the caller, in `language`, with when they accepted this version (or an older one). */
export async function listAgreements(ctx: AppContext, access: EstateAccess, language: Language) {
  const estateId = access.estate.id;
  const [agreement, mine] = await Promise.all([currentAgreement(ctx.db, estateId), acceptancesOf(ctx.db, estateId, access.user.id)]);
  const versions: Record<AgreementKind, VersionRow> = { terms: { version: TERMS_VERSION, notes: {}, publishedAt: null }, agreement };
  const agreements = (['terms', 'agreement'] as const).map((kind) => {
    const current = versions[kind].version;
    const accepted = mine.find((a) => a.kind === kind && a.version === current);
    const older = accepted ? undefined : mine.find((a) => a.kind === kind && a.version < current);
    return {
      ...document(kind, language, versions[kind]),
      ...(accepted ? { acceptedAt: accepted.acceptedAt.toISOString() } : {}),
      ...(older ? { previouslyAccepted: acceptanceDto(older) } : {}),
    };
  });
  const required = givesInput(access.roles) && agreements.some((a) => !a.acceptedAt);
  return { agreements, required };
}

/** The caller accepts `version` of `kind`: only the current version (409 for another); again is harmless. */
export async function accept(ctx: AppContext, access: EstateAccess, kind: AgreementKind, version: number) {
  const estateId = access.estate.id;
  const memberId = access.user.id;
  const acceptance = await ctx.db.transaction(async (tx) => {
    // Share-locks the estate row, so a new Agreement published meanwhile waits for this to finish.
    await recheckAccess(tx, access, 'agreement.accept');
    const current = (await currentVersions(tx, estateId))[kind];
    if (version !== current) throw new AppError('conflict', says('consent.oldVersion', { version, current }));
    const [inserted] = await tx
      .insert(agreementAcceptances)
      .values({ estateId, memberId, kind, version, acceptedAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await recordActivity(tx, { estateId, actorId: memberId, action: 'agreement.accepted', entity: 'agreement', entityId: kind, field: 'version', to: version, visibility: 'trustees' });
      return inserted;
    }
    const [existing] = await tx
      .select()
      .from(agreementAcceptances)
      .where(inEstate(agreementAcceptances, estateId, eq(agreementAcceptances.memberId, memberId), eq(agreementAcceptances.kind, kind), eq(agreementAcceptances.version, version)));
    return existing!;
  });
  // The person's other pages (the to-do badge, the items page) learn that their inputs are open.
  await ctx.events.publish({ type: 'notification', userId: memberId, data: { kind: 'agreement', estateId } });
  return acceptanceDto(acceptance);
}

/**
 * A trustee publishes a new version of the Agreement with their own words under its parts (before
 * the review begins). Everyone is asked to accept it again; earlier acceptances stay on record.
 */
export async function publishAgreement(ctx: AppContext, access: EstateAccess, body: z.infer<typeof publishAgreementBody>, language: Language) {
  const estateId = access.estate.id;
  const notes: Record<string, string> = {};
  for (const id of AGREEMENT_PART_IDS) {
    const note = body.notes[id]?.trim();
    if (note) notes[id] = note;
  }
  const row = await ctx.db.transaction(async (tx) => {
    // An update lock on the estate: two trustees publishing at once get two versions, in order,
    // and no acceptance of the old version slips in after the new one is out.
    await recheckAccess(tx, access, 'agreement.publish', { mode: 'update' });
    const previous = await currentAgreement(tx, estateId);
    const [inserted] = await tx
      .insert(agreementVersions)
      .values({ estateId, version: previous.version + 1, notes, publishedAt: ctx.now(), publishedBy: access.user.id })
      .returning();
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'agreement.published', entity: 'agreement', entityId: 'agreement', field: 'version', from: previous.version, to: inserted!.version });
    return inserted!;
  });
  await ctx.events.publish({ type: 'notification', estateId, data: { kind: 'agreement', version: row.version } });
  return document('agreement', language, row);
}

/** For trustees and observers: every member, and which versions they accepted and when. */
export async function consentOverview(ctx: AppContext, estateId: string) {
  const current = await currentVersions(ctx.db, estateId);
  const people = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId))
    .orderBy(asc(users.firstName), asc(users.lastName));
  // Each member's latest acceptance of each kind.
  const latest = await ctx.db
    .selectDistinctOn([agreementAcceptances.memberId, agreementAcceptances.kind], {
      memberId: agreementAcceptances.memberId,
      kind: agreementAcceptances.kind,
      version: agreementAcceptances.version,
      acceptedAt: agreementAcceptances.acceptedAt,
    })
    .from(agreementAcceptances)
    .where(inEstate(agreementAcceptances, estateId))
    .orderBy(agreementAcceptances.memberId, agreementAcceptances.kind, desc(agreementAcceptances.version));
  return {
    current,
    members: people.map((p) => {
      const of = (kind: AgreementKind) => {
        const row = latest.find((a) => a.memberId === p.id && a.kind === kind);
        return row ? acceptanceDto(row) : null;
      };
      const terms = of('terms');
      const agreement = of('agreement');
      return {
        memberId: p.id,
        displayName: `${p.firstName} ${p.lastName}`.trim(),
        roles: p.roles,
        terms,
        agreement,
        current: terms?.version === current.terms && agreement?.version === current.agreement,
      };
    }),
  };
}

/** Accepts the current versions for a member (the demo's and tests' shortcut past the reading). */
export async function acceptCurrentFor(db: Db, estateId: string, memberId: string, at: Date): Promise<void> {
  const current = await currentVersions(db, estateId);
  await db
    .insert(agreementAcceptances)
    .values([
      { estateId, memberId, kind: 'terms', version: current.terms, acceptedAt: at },
      { estateId, memberId, kind: 'agreement', version: current.agreement, acceptedAt: at },
    ])
    .onConflictDoNothing();
}

