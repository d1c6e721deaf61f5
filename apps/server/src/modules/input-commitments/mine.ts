/**
 * A receiver's own leaf of a sealed stage: their lines as sealed, their salt and the Merkle proof up
 * to the published root, so they can check (in the browser, or by hand) that their choices were
 * counted. Nobody else's salt or lines leave the server.
 */
import { commitLines, inclusionProofs } from '@estate/domain/draw/input-commitment';
import { sha256 } from '@estate/domain/draw/sha256';
import { STAGE_NAMES, type StageCode } from '@estate/domain/stages';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sealOf } from './seal.js';

const stageName = (stage: number) => STAGE_NAMES[stage as StageCode] ?? `stage ${stage}`;

export async function myInclusionProof(ctx: AppContext, access: EstateAccess, stage: number) {
  const seal = await sealOf(ctx.db, access.estate.id, stage);
  if (!seal) {
    throw new AppError('not_found', { reason: 'inputs.notSealed', params: { stage }, english: `The choices of "${stageName(stage)}" have not been sealed: that happens when its deadline passes or the trustee moves on from it.` });
  }
  const memberId = access.user.id;
  if (!Object.hasOwn(seal.salts, memberId)) {
    throw new AppError('not_found', {
      reason: 'inputs.notInSeal',
      params: { stage },
      english: `You have no choices in the seal of "${stageName(stage)}" (${seal.frozenAt.toISOString()}): only beneficiaries who receive items directly are in it, as they were when it was sealed.`,
    });
  }
  const commitment = commitLines(
    Object.entries(seal.salts).map(([id, salt]) => ({ memberId: id, salt, lines: seal.lines[id] ?? '' })),
    sha256,
  );
  // The stored root is the published one; a different recomputation means the row was altered.
  if (commitment.root !== seal.root) throw new Error(`input commitment of stage ${stage} does not match its stored lines`);
  const own = inclusionProofs(commitment, sha256).get(memberId)!;
  return { inputCommitment: seal.root, memberId, lines: own.lines, salt: own.salt, proof: own.proof };
}
