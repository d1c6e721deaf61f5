/** Every sealed stage's root and time, for every member (api.md, "Inputs commitment"). */
import { asc } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { inputCommitments } from '../../db/schema.js';
import { inEstate } from '../../platform/tenancy.js';

export async function listCommitments(ctx: AppContext, estateId: string) {
  const rows = await ctx.db
    .select({ stage: inputCommitments.stage, root: inputCommitments.root, frozenAt: inputCommitments.frozenAt })
    .from(inputCommitments)
    .where(inEstate(inputCommitments, estateId))
    .orderBy(asc(inputCommitments.stage));
  return rows.map((r) => ({ stage: r.stage, inputCommitment: r.root, frozenAt: r.frozenAt.toISOString() }));
}
