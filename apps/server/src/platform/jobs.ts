/**
 * Scheduled work: deadlines and reminders. It runs on a timer in every server process, but under a
 * PostgreSQL advisory lock, so exactly one process does it at a time; each deadline is also claimed
 * with a conditional update, so a crash mid-run never applies one twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';

const SCHEDULER_LOCK_KEY = 7_240_002;

export type Job = { name: string; run: (ctx: AppContext) => Promise<unknown> };

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly jobs: Job[],
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalSeconds: number): void {
    if (intervalSeconds <= 0) return;
    this.timer = setInterval(() => void this.runDue(), intervalSeconds * 1000);
    this.timer.unref();
    void this.runDue();
  }

  /** Runs every job once (also what tests call, with a controlled clock). */
  async runDue(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.ctx.database
      .withAdvisoryLock(SCHEDULER_LOCK_KEY, async () => {
        for (const job of this.jobs) {
          try {
            const result = await job.run(this.ctx);
            this.log.debug({ job: job.name, result }, 'scheduled job ran');
          } catch (err) {
            this.log.error({ job: job.name, err }, 'scheduled job failed; it will be retried');
          }
        }
      })
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
