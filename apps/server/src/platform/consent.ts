/**
 * Whether a member accepted the estate's current Terms of Use and Agreement, as an SQL expression:
 * the inputs guard (`assertInputsOpen` in pool.ts) reads it in its one query, so consent costs no
 * extra round trip on a heart, ranking, token or approval. The rules: @estate/domain/consent.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { FIRST_AGREEMENT_VERSION, TERMS_VERSION } from '@estate/domain/consent';
import { agreementAcceptances, agreementVersions } from '../db/schema.js';

/** `estateId` is an id, or the estate column of the query it is part of. */
export function acceptedCurrentSql(estateId: string | SQLWrapper, memberId: string): SQL<boolean> {
  return sql<boolean>`(
    exists (select 1 from ${agreementAcceptances} t where t.estate_id = ${estateId} and t.member_id = ${memberId}
      and t.kind = 'terms' and t.version = ${TERMS_VERSION})
    and exists (select 1 from ${agreementAcceptances} a where a.estate_id = ${estateId} and a.member_id = ${memberId}
      and a.kind = 'agreement' and a.version = coalesce(
        (select max(v.version) from ${agreementVersions} v where v.estate_id = ${estateId}), ${FIRST_AGREEMENT_VERSION})))`;
}
