/**
 * The embedded database's order of work (pglite-worker.ts, ADR 0037): one statement or
 * transaction at a time, reads and writes in two lines that take turns. A turn goes on while its
 * line has work and until it has lasted its share of time with the other line waiting; then the
 * other line has its turn. So a write waits at most one read turn (and the writes ahead of it),
 * however fast reads arrive, and a read waits at most one write turn.
 *
 * Reads alone went ahead of every waiting write before (ADR 0024): a steady stream of list
 * reads let almost no heart through (0–65 in 8 s, issue 35).
 */
export type Kind = 'read' | 'write';

/**
 * How long a turn may go on while the other line waits, in milliseconds. Writes have the longer
 * turn: a heart is one short statement and a family hearts in bursts; a page of the list waits
 * at most this long behind them.
 */
export const TURN_MS: Record<Kind, number> = { read: 4, write: 8 };

export type FairQueue = {
  /** Runs `work` in its line's turn; the next one starts after it has ended. */
  add(kind: Kind, work: () => Promise<void>): void;
};

export function fairQueue(
  turnMs: Record<Kind, number> = TURN_MS,
  now: () => number = () => performance.now(),
): FairQueue {
  const lines: Record<Kind, (() => Promise<void>)[]> = { read: [], write: [] };
  let turn: Kind = 'read';
  let turnStarted = 0;
  let busy = false;

  const next = () => {
    const other: Kind = turn === 'read' ? 'write' : 'read';
    const turnOver = lines[turn].length === 0 || now() - turnStarted >= turnMs[turn];
    if (turnOver && lines[other].length > 0) {
      turn = other;
      turnStarted = now();
    }
    const work = lines[turn].shift();
    busy = work !== undefined;
    // The next one starts after a turn of the event loop, not at once: in between, calls that have
    // arrived are read (a chain of promises would leave them unread until the lines are empty).
    if (work) void work().finally(() => setImmediate(next));
  };

  return {
    add(kind, work) {
      lines[kind].push(work);
      if (busy) return;
      turn = kind;
      turnStarted = now();
      next();
    },
  };
}
