/**
 * What each named effect of the process table (`@estate/domain/process`) does, and where the facts
 * its exit gates need come from. This is the one place that joins the modules to the table: the
 * stages and deadlines modules run it through `ctx.process` without importing any other module.
 */
import type { ProcessHandlers } from './platform/stage-process.js';
import { approveForNonResponders, reviewWaiting } from './modules/approvals/service.js';
import { generateReports } from './modules/closing/service.js';
import { openHandoverCount } from './modules/handover/service.js';
import { reopenInputs, sealInputs } from './modules/input-commitments/seal.js';
import { markNonRespondersDone, recommendHighInterest } from './modules/participation/service.js';
import { commitSecrets } from './modules/stages/service.js';
import { mailWhoseTurnItIs } from './modules/stages/your-turn.js';

export const processHandlers: ProcessHandlers = {
  facts: {
    reviewWaiting,
    handoverOpen: openHandoverCount,
  },
  effects: {
    'commit-draw-secrets': ({ db, estateId, actorId }) => commitSecrets(db, estateId, actorId),
    'recommend-high-interest': ({ db, estateId, actorId }) =>
      recommendHighInterest({ db }, estateId, actorId),
    'seal-inputs': ({ db, estateId, from, actorId, now }) =>
      sealInputs(db, { estateId, stage: from, actorId, now, reason: 'moved-on' }),
    'reopen-inputs': ({ db, estateId, to, actorId }) => reopenInputs(db, { estateId, stage: to, actorId }),
    'mail-whose-turn': ({ ctx, estateId, to, actorId }) => mailWhoseTurnItIs(ctx, estateId, to, actorId),
  },
  jobs: {
    'make-report-files': ({ ctx, estateId, actorId }) => generateReports(ctx, estateId, actorId),
  },
  deadline: {
    'count-silence-as-approval': (db, { estateId }) => approveForNonResponders(db, estateId),
    'count-silence-as-done': (db, { estateId, stage, now }) =>
      markNonRespondersDone(db, estateId, stage, now),
    'seal-inputs': async (db, { estateId, stage, now }) => {
      await sealInputs(db, { estateId, stage, actorId: null, now, reason: 'deadline' });
      return 0;
    },
  },
};
