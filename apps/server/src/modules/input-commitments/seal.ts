/**
 * Sealing a stage's inputs (distribution.md, "Privacy of inputs"). When the inputs of 2, 11, 20 or
 * 30 freeze (the deadline is processed, or the trustee moves on), each receiver gets a fresh
 * 32-byte salt, their lines are read with the loader the steps use, and the Merkle root over the
 * salted lines is stored and announced to every member (root and time) in the activity log. All of
 * it happens in the caller's transaction, so the seal and the freeze commit together.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { commitInputs, isSealedStage, linesByMember } from '@estate/domain/draw/input-commitment';
import { sha256 } from '@estate/domain/draw/sha256';
import { STAGE_NAMES, type StageCode } from '@estate/domain/stages';
import type { Db } from '../../db/client.js';
import { inputCommitments } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import { inEstate } from '../../platform/tenancy.js';
import { loadDrawInputs } from './draw-inputs.js';

export type Seal = typeof inputCommitments.$inferSelect;
export type SealOutcome = { seal: Seal; sealed: boolean };

export async function sealOf(db: Db, estateId: string, stage: number, options: { lock?: boolean } = {}): Promise<Seal | undefined> {
  const query = db.select().from(inputCommitments).where(inEstate(inputCommitments, estateId, eq(inputCommitments.stage, stage)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Whether the seal holds exactly these receivers with exactly these lines. */
function sameLines(seal: Seal, receivers: readonly string[], lines: ReadonlyMap<string, string>): boolean {
  const sealed = Object.keys(seal.lines);
  if (sealed.length !== new Set(receivers).size) return false;
  return receivers.every((id) => Object.hasOwn(seal.lines, id) && seal.lines[id] === (lines.get(id) ?? ''));
}

/**
 * Seals the stage's current inputs. An existing seal whose lines are still the same is kept (a
 * deadline seals, then the trustee moves on: one seal, one root); otherwise new salts are drawn and
 * the seal is replaced, and the log says so.
 */
export async function sealInputs(
  tx: Db,
  params: { estateId: string; stage: number; actorId: string | null; now: Date; reason?: 'deadline' | 'moved-on' | 'renewed' },
): Promise<SealOutcome> {
  const { estateId, stage, actorId, now } = params;
  if (!isSealedStage(stage)) throw new Error(`stage ${stage} has no inputs to seal`);
  const existing = await sealOf(tx, estateId, stage, { lock: true });
  const inputs = await loadDrawInputs(tx, estateId);
  const lines = linesByMember(inputs);
  if (existing && sameLines(existing, inputs.receivers, lines)) return { seal: existing, sealed: false };

  const salts = Object.fromEntries(inputs.receivers.map((id) => [id, randomBytes(32).toString('hex')]));
  const commitment = commitInputs(inputs.receivers, inputs, salts, sha256);
  const values = {
    root: commitment.root,
    salts,
    lines: Object.fromEntries(commitment.members.map((m) => [m.memberId, m.lines])),
    frozenAt: now,
    frozenBy: actorId,
  };
  const [seal] = await tx
    .insert(inputCommitments)
    .values({ estateId, stage, ...values })
    .onConflictDoUpdate({ target: [inputCommitments.estateId, inputCommitments.stage], set: values })
    .returning();
  // Every member sees the root and the time: only the root, never a salt or a line.
  await recordActivity(tx, {
    estateId,
    actorId,
    action: existing ? 'inputs.resealed' : 'inputs.sealed',
    entity: 'estate',
    entityId: estateId,
    field: `inputs.${stage}`,
    from: existing ? { inputCommitment: existing.root, frozenAt: existing.frozenAt.toISOString() } : null,
    to: { stage, name: STAGE_NAMES[stage as StageCode], inputCommitment: commitment.root, frozenAt: now.toISOString(), receivers: commitment.members.length, reason: params.reason ?? 'moved-on' },
  });
  return { seal: seal!, sealed: true };
}

/**
 * Stepping back into 2, 11, 20 or 30 opens its inputs again, so its seal no longer stands: it is
 * withdrawn, and the log says so with the root it had.
 */
export async function reopenInputs(tx: Db, params: { estateId: string; stage: number; actorId: string | null }): Promise<void> {
  const { estateId, stage, actorId } = params;
  const [withdrawn] = await tx.delete(inputCommitments).where(inEstate(inputCommitments, estateId, eq(inputCommitments.stage, stage))).returning();
  if (!withdrawn) return;
  await recordActivity(tx, {
    estateId,
    actorId,
    action: 'inputs.reopened',
    entity: 'estate',
    entityId: estateId,
    field: `inputs.${stage}`,
    from: { inputCommitment: withdrawn.root, frozenAt: withdrawn.frozenAt.toISOString() },
    to: { stage, name: STAGE_NAMES[stage as StageCode] },
  });
}
