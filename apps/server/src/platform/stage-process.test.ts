/**
 * The process table at work (stage-process.ts): a move's job is recorded inside the move and runs
 * only after it commits; a failing job is tried again up to three times and then reported to the
 * trustees; a job cut off mid-run is run again; two runners never run one job at the same time.
 * Runs on both databases: the claim that keeps two runners apart is a conditional update, which
 * only the PostgreSQL server's connection pool can race.
 */
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Stage } from '@estate/domain/stages';
import type { JobName } from '@estate/domain/process';
import { activityEvents, stageJobs } from '../db/schema.js';
import { processHandlers } from '../process-handlers.js';
import { createEstate, createUser, setStage } from '../test/factories.js';
import { useHarness } from '../test/harness.js';
import { createContext } from './context.js';
import { JOB_ATTEMPTS } from '@estate/domain/process';
import type { AppliedMove, JobRun } from './stage-process.js';

const h = useHarness();

/** The real context and handlers, with the report files' effect replaced by `makeFiles`. */
async function contextWith(makeFiles: (run: JobRun) => Promise<unknown>) {
  return createContext(h.config, h.database, pino({ level: 'silent' }), () => h.clock.now, {
    ...processHandlers,
    jobs: { 'make-report-files': makeFiles },
  });
}

async function estateAt(stage: number) {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  await setStage(h, estateId, stage);
  const move: AppliedMove = {
    estateId,
    from: Stage.DistributionCompleted,
    to: Stage.Finalizing,
    direction: 'forward',
    actorId: trustee.id,
    now: h.clock.now,
  };
  return { estateId, move };
}

const job = (effect: JobName) => eq(stageJobs.effect, effect);

describe('the jobs a stage move sets off', () => {
  it('records the job with the move, runs it after the commit, and retries a failure before telling the trustees', async () => {
    let calls = 0;
    const ctx = await contextWith(() => {
      calls += 1;
      return Promise.reject(new Error('The disk is full'));
    });
    const { estateId, move } = await estateAt(Stage.DistributionCompleted);

    await ctx.db.transaction((tx) => ctx.process.apply(ctx, tx, move));
    expect(calls).toBe(0); // nothing slow inside the move
    expect(await ctx.process.jobsOf(ctx.db, estateId)).toEqual([
      expect.objectContaining({ effect: 'make-report-files', status: 'waiting', attempts: 0 }),
    ]);

    ctx.process.afterCommit(ctx, move);
    await ctx.process.idle();
    expect(await ctx.process.jobsOf(ctx.db, estateId)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1 }),
    ]);
    const failures = () =>
      ctx.db
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.estateId, estateId), eq(activityEvents.action, 'reports.failed')));
    expect(await failures()).toHaveLength(0);

    // The scheduler tries again until the attempts are used up, then the trustees read why.
    for (let attempt = 2; attempt <= JOB_ATTEMPTS; attempt += 1)
      expect(await ctx.process.runJobs(ctx)).toBe(1);
    expect(calls).toBe(JOB_ATTEMPTS);
    expect(await ctx.process.runJobs(ctx)).toBe(0);
    const [failed] = await failures();
    expect(failed).toMatchObject({ visibility: 'trustees', to: { reason: 'The disk is full' } });

    // The trustee made the files by hand: the job waits no longer.
    await ctx.process.finish(ctx.db, estateId, 'make-report-files', h.clock.now);
    expect(await ctx.process.jobsOf(ctx.db, estateId)).toEqual([expect.objectContaining({ status: 'done' })]);
  });

  it('runs a job cut off mid-run again, and never runs one job twice at the same time', async () => {
    let running = 0;
    let most = 0;
    let calls = 0;
    const ctx = await contextWith(async () => {
      calls += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    });
    const { estateId, move } = await estateAt(Stage.DistributionCompleted);
    await ctx.db.transaction((tx) => ctx.process.apply(ctx, tx, move));

    // A process stopped half-way through: the row says "running" since long ago.
    const longAgo = new Date(h.clock.now.getTime() - 60 * 60_000);
    await ctx.db
      .update(stageJobs)
      .set({ status: 'running', startedAt: longAgo, attempts: 1 })
      .where(and(eq(stageJobs.estateId, estateId), job('make-report-files')));
    const ran = await Promise.all([ctx.process.runJobs(ctx), ctx.process.runJobs(ctx)]);
    expect(ran.sort()).toEqual([0, 1]);
    expect([calls, most]).toEqual([1, 1]);
    expect(await ctx.process.jobsOf(ctx.db, estateId)).toEqual([
      expect.objectContaining({ status: 'done', attempts: 2 }),
    ]);

    // A job running right now is left alone.
    await ctx.db
      .update(stageJobs)
      .set({ status: 'running', startedAt: h.clock.now })
      .where(and(eq(stageJobs.estateId, estateId), job('make-report-files')));
    expect(await ctx.process.runJobs(ctx)).toBe(0);
  });

  it('after a move runs the jobs of that estate only, with the stage the estate is at now', async () => {
    const seen: { estateId: string; stage: number }[] = [];
    const ctx = await contextWith(({ estateId, stage }) => {
      seen.push({ estateId, stage });
      return Promise.resolve();
    });
    const one = await estateAt(Stage.DistributionCompleted);
    const other = await estateAt(Stage.DistributionCompleted);
    await ctx.db.transaction((tx) => ctx.process.apply(ctx, tx, other.move));
    await ctx.db.transaction((tx) => ctx.process.apply(ctx, tx, one.move));

    ctx.process.afterCommit(ctx, one.move);
    await ctx.process.idle();
    expect(seen).toEqual([{ estateId: one.estateId, stage: Stage.Finalizing }]);
    expect(await ctx.process.jobsOf(ctx.db, other.estateId)).toEqual([expect.objectContaining({ status: 'waiting' })]);
    // The other estate's job is the scheduler's.
    expect(await ctx.process.runJobs(ctx)).toBe(1);
    expect(seen.map((s) => s.estateId)).toEqual([one.estateId, other.estateId]);
  });
});
