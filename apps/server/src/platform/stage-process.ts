/**
 * Runs the estate's process table (`@estate/domain/process`): loads the facts a stage's exit gates
 * need, writes a decided move with its in-move effects in one transaction, and after it commits
 * sets off the background effects and the recorded jobs. What each named effect does belongs to
 * the module that owns it; the composition root (`process-handlers.ts`) hands them in, so the
 * stages and deadlines modules import no other module.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import {
  JOB_ATTEMPTS,
  PROCESS,
  effectsOfMove,
  factsToLoad,
  isJobName,
  type DeadlineEffectName,
  type JobName,
  type LoadedFact,
  type MoveEffectName,
} from '@estate/domain/process';
import { decideMove, moveOptions, type MoveDecision, type StageFacts } from '@estate/domain/stage-machine';
import { STAGE_NAMES, isStageCode, nextStage, type StageCode } from '@estate/domain/stages';
import type { Db } from '../db/client.js';
import { deadlines, drawRecords, estates, stageJobs } from '../db/schema.js';
import { recordActivity } from './activity.js';
import type { AppContext } from './context.js';
import { AppError, says } from './errors.js';
import { inEstate } from './tenancy.js';

export type Direction = 'forward' | 'back';

/** One decided move, as every effect handler receives it. `db` is the move's transaction for in-move effects. */
export type EffectRun = {
  ctx: AppContext;
  db: Db;
  estateId: string;
  from: StageCode;
  to: StageCode;
  direction: Direction;
  actorId: string | null;
  now: Date;
};

/**
 * One recorded job as its handler receives it: run after its move committed, perhaps much later and
 * in another process, so it gets the estate's stage as it is now rather than the move's.
 */
export type JobRun = {
  ctx: AppContext;
  estateId: string;
  stage: StageCode;
  actorId: string | null;
  now: Date;
};

export type ProcessHandlers = {
  facts: Record<LoadedFact, (db: Db, estateId: string) => Promise<number>>;
  effects: Record<MoveEffectName, (run: EffectRun) => Promise<unknown>>;
  jobs: Record<JobName, (run: JobRun) => Promise<unknown>>;
  /** Each returns how many members it counted (0 for effects that count nobody). */
  deadline: Record<
    DeadlineEffectName,
    (db: Db, at: { estateId: string; stage: StageCode; now: Date }) => Promise<number>
  >;
};

export type AppliedMove = Omit<EffectRun, 'ctx' | 'db'>;

/** A job still "running" this long after it started was cut off (the process stopped): run it again. */
const STALE_RUN_MS = 10 * 60_000;

export class ProcessRunner {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly handlers: ProcessHandlers,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** What the exit gates of `from` need to know, loaded only when that stage has the gate. */
  async facts(db: Db, estateId: string, from: StageCode): Promise<StageFacts> {
    const steps = await db
      .select({ step: drawRecords.step })
      .from(drawRecords)
      .where(inEstate(drawRecords, estateId));
    const passed = await db
      .select({ stage: deadlines.stage })
      .from(deadlines)
      .where(inEstate(deadlines, estateId, isNotNull(deadlines.processedAt)));
    const facts: StageFacts = {
      stepsRun: steps.map((r) => r.step).filter(isStageCode),
      deadlinesPassed: passed.map((r) => r.stage).filter(isStageCode),
    };
    for (const fact of factsToLoad(from)) facts[fact] = await this.handlers.facts[fact](db, estateId);
    return facts;
  }

  async options(db: Db, estateId: string, from: StageCode) {
    return moveOptions(from, await this.facts(db, estateId, from));
  }

  async decide(db: Db, estateId: string, from: StageCode, to: StageCode): Promise<MoveDecision> {
    return decideMove(from, to, await this.facts(db, estateId, from));
  }

  /**
   * Writes a decided move inside the caller's transaction: conditional on the stage it was decided
   * from (two trustees clicking at once cannot both move it), logged, with its in-move effects, and
   * its jobs recorded so that they run even if this process stops right after the commit.
   */
  async apply(ctx: AppContext, tx: Db, move: AppliedMove): Promise<void> {
    const { estateId, from, to, direction, actorId, now } = move;
    const [moved] = await tx
      .update(estates)
      .set({ stage: to })
      .where(and(eq(estates.id, estateId), eq(estates.stage, from)))
      .returning({ id: estates.id });
    if (!moved) throw new AppError('conflict', says('stages.changedMeanwhile'));
    await recordActivity(tx, {
      estateId,
      actorId,
      action: direction === 'forward' ? 'stage.advanced' : 'stage.stepped-back',
      entity: 'estate',
      entityId: estateId,
      field: 'stage',
      from: { code: from, name: STAGE_NAMES[from] },
      to: { code: to, name: STAGE_NAMES[to] },
    });
    const effects = effectsOfMove(from, to, direction);
    for (const name of effects['in-move']) await this.handlers.effects[name]({ ctx, db: tx, ...move });
    for (const effect of effects.job) {
      const queued = {
        actorId,
        status: 'waiting' as const,
        attempts: 0,
        lastError: null,
        queuedAt: now,
        startedAt: null,
        finishedAt: null,
      };
      await tx
        .insert(stageJobs)
        .values({ estateId, effect, ...queued })
        .onConflictDoUpdate({ target: [stageJobs.estateId, stageJobs.effect], set: queued });
    }
  }

  /**
   * Once the move has committed, in the background: its jobs first (started now rather than at the
   * scheduler's next tick, so stage 90's files exist before anyone is told), then its other effects.
   */
  afterCommit(ctx: AppContext, move: AppliedMove): void {
    const effects = effectsOfMove(move.from, move.to, move.direction);
    if (effects.job.length === 0 && effects['after-move'].length === 0) return;
    this.inBackground(async () => {
      if (effects.job.length > 0) await this.runJobs(ctx, move.estateId);
      for (const name of effects['after-move'])
        await this.handlers.effects[name]({ ctx, db: ctx.db, ...move });
    });
  }

  /** What a passing deadline does in stage `stage`, in the caller's transaction; returns how many members it counted. */
  async passDeadline(tx: Db, at: { estateId: string; stage: StageCode; now: Date }): Promise<number> {
    let counted = 0;
    for (const name of PROCESS[at.stage].atDeadline) counted += await this.handlers.deadline[name](tx, at);
    return counted;
  }

  /** The scheduler's move at a deadline with "advance automatically": the next stage when the gates allow it. */
  async advanceAtDeadline(
    ctx: AppContext,
    tx: Db,
    estateId: string,
    from: StageCode,
  ): Promise<AppliedMove | undefined> {
    const to = nextStage(from);
    if (to === undefined || !(await this.decide(tx, estateId, from, to)).ok) return undefined;
    const move: AppliedMove = { estateId, from, to, direction: 'forward', actorId: null, now: ctx.now() };
    await this.apply(ctx, tx, move);
    return move;
  }

  /** The estate's recorded jobs (the control panel's progress). */
  async jobsOf(db: Db, estateId: string) {
    const rows = await db.select().from(stageJobs).where(inEstate(stageJobs, estateId));
    return rows
      .flatMap((r) => (isJobName(r.effect) ? [{ ...r, effect: r.effect }] : []))
      .map((r) => ({
        effect: r.effect,
        status: r.status,
        attempts: r.attempts,
        queuedAt: r.queuedAt.toISOString(),
        finishedAt: r.finishedAt?.toISOString() ?? null,
      }));
  }

  /**
   * Runs every job that is due (of one estate, after its move; of all, on the scheduler's tick):
   * waiting, failed with attempts left, or cut off mid-run. Each is claimed with a conditional
   * update, so two processes never run the same job at once.
   */
  async runJobs(ctx: AppContext, estateId?: string): Promise<number> {
    const now = ctx.now();
    const due = or(
      eq(stageJobs.status, 'waiting'),
      and(eq(stageJobs.status, 'failed'), lt(stageJobs.attempts, JOB_ATTEMPTS)),
      and(eq(stageJobs.status, 'running'), lt(stageJobs.startedAt, new Date(now.getTime() - STALE_RUN_MS))),
    );
    const rows = await ctx.db
      .select()
      .from(stageJobs)
      .where(estateId === undefined ? due : inEstate(stageJobs, estateId, due));
    let ran = 0;
    for (const job of rows) {
      const [claimed] = await ctx.db
        .update(stageJobs)
        .set({ status: 'running', startedAt: now, attempts: sql`${stageJobs.attempts} + 1` })
        .where(
          and(
            eq(stageJobs.estateId, job.estateId),
            eq(stageJobs.effect, job.effect),
            eq(stageJobs.queuedAt, job.queuedAt),
            due,
          ),
        )
        .returning();
      if (!claimed || !isJobName(claimed.effect)) continue;
      ran += 1;
      await this.runJob(ctx, { ...claimed, effect: claimed.effect });
    }
    return ran;
  }

  /** The work was done another way (the trustee made the reports again): the job no longer waits. */
  async finish(db: Db, estateId: string, effect: JobName, now: Date): Promise<void> {
    await db
      .update(stageJobs)
      .set({ status: 'done', finishedAt: now, lastError: null })
      .where(inEstate(stageJobs, estateId, eq(stageJobs.effect, effect)));
  }

  private async runJob(ctx: AppContext, job: typeof stageJobs.$inferSelect & { effect: JobName }): Promise<void> {
    const [estate] = await ctx.db
      .select({ stage: estates.stage })
      .from(estates)
      .where(eq(estates.id, job.estateId));
    const stage = estate && isStageCode(estate.stage) ? estate.stage : undefined;
    const mine = and(
      eq(stageJobs.estateId, job.estateId),
      eq(stageJobs.effect, job.effect),
      eq(stageJobs.queuedAt, job.queuedAt),
    );
    try {
      // The estate may have moved on since; the job still does what its move asked for.
      if (stage !== undefined)
        await this.handlers.jobs[job.effect]({ ctx, estateId: job.estateId, stage, actorId: job.actorId, now: ctx.now() });
      await ctx.db
        .update(stageJobs)
        .set({ status: 'done', finishedAt: ctx.now(), lastError: null })
        .where(mine);
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
      await ctx.db
        .update(stageJobs)
        .set({ status: 'failed', finishedAt: ctx.now(), lastError: reason })
        .where(mine);
      if (job.attempts >= JOB_ATTEMPTS) {
        // Said where the trustee looks (the activity log); the Trustee Reports page offers to try again.
        await recordActivity(ctx.db, {
          estateId: job.estateId,
          actorId: job.actorId,
          action: 'reports.failed',
          entity: 'estate',
          entityId: job.estateId,
          field: 'reports',
          to: { reason },
          visibility: 'trustees',
        });
      }
    }
    // Pages read the estate again (the report files appear) as on any stage event.
    if (stage !== undefined)
      await ctx.events.publish({ type: 'stage', estateId: job.estateId, data: { stage, job: job.effect } });
  }

  private inBackground(work: () => Promise<unknown>): void {
    const task: Promise<void> = work()
      .then(() => undefined)
      .catch((err: unknown) =>
        this.log.error(
          { reason: err instanceof Error ? err.message : String(err) },
          'work after a stage move failed',
        ),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when every background effect and job started by a move has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
