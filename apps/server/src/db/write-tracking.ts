/**
 * Counts writes to the database, so a read cache can know that nothing it holds may have changed.
 * The count goes up after every statement that is not a plain SELECT and after every transaction,
 * whoever issued it (a route, the scheduler, a test factory): the drivers themselves are wrapped,
 * so a new write path cannot forget to say so. See docs/decisions/0006-read-cache.md and 0017.
 *
 * A write is counted for one estate when it runs inside a request whose route acts on that estate
 * (route-access.ts names it in the request's `WriteScope`), and for every estate otherwise: writes
 * outside a request (scheduler, tests, scripts), account routes, and any write that names the
 * `users` table (a session ending or an account disabled must reach every estate's cached access at
 * once). A write to an estate's row or memberships also changes who may do what there (`access`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Plain reads, as drizzle writes them; anything else (including WITH ...) is counted as a write. */
const READ = /^\s*select\b/i;
/** Writes that may change what every estate's cached access holds (the caller's user row). */
const EVERY_ESTATE = /\busers\b/i;
/** Writes to what an estate's cached access holds: its row (stage, settings) and its memberships. */
const ACCESS = /\b(update|insert\s+into|delete\s+from|truncate)\s+(only\s+)?("?public"?\.)?"?(estates|memberships)"?(?![\w])/i;
const END_OF_TRANSACTION = /^\s*(commit|rollback|end)\b/i;

/**
 * The estate a request's writes belong to, once its route's access was granted (app.ts starts one
 * per request; route-access.ts names the estate). Where the async context is lost, writes count
 * for every estate: never less invalidation, only more.
 */
export type WriteScope = { estateId?: string };
const scopes = new AsyncLocalStorage<WriteScope>();

/** Runs `fn` with `scope` as the current write scope (and everything it starts). */
export function runInWriteScope<T>(scope: WriteScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

function currentEstate(): string | undefined {
  return scopes.getStore()?.estateId;
}

/**
 * How far a write reaches: `data` changes what is stored in its estate; `access` also who may do
 * what there (the estate row: stage and settings; memberships); `everywhere` may change any
 * estate, or an account (the users table).
 */
export type WriteReach = 'data' | 'access' | 'everywhere';

const REACH_ORDER: Record<WriteReach, number> = { data: 0, access: 1, everywhere: 2 };
const wider = (a: WriteReach, b: WriteReach): WriteReach => (REACH_ORDER[a] >= REACH_ORDER[b] ? a : b);

export class WriteCounter {
  private count = 0;
  /** Writes that may touch any estate. */
  private everywhere = 0;
  private readonly perEstate = new Map<string, number>();
  private readonly accessPerEstate = new Map<string, number>();
  private readonly listeners = new Set<(estateId: string | undefined, reach: WriteReach) => void>();

  /** Every write counted so far, whatever its estate. */
  get generation(): number {
    return this.count;
  }

  /**
   * Changes whenever a write may have changed what is stored about this estate; with `null`, only
   * at writes counted for every estate (what an account's own row is); with nothing, at any write.
   */
  stamp(estateId?: string | null): string {
    if (estateId === undefined) return String(this.count);
    if (estateId === null) return String(this.everywhere);
    return `${this.everywhere}:${this.perEstate.get(estateId) ?? 0}`;
  }

  /** Changes whenever a write may have changed who may do what in this estate (not at a heart). */
  accessStamp(estateId: string): string {
    return `${this.everywhere}:a${this.accessPerEstate.get(estateId) ?? 0}`;
  }

  private record(estateId: string | undefined, reach: WriteReach): void {
    this.count++;
    if (estateId === undefined || reach === 'everywhere') {
      this.everywhere++;
      return;
    }
    this.perEstate.set(estateId, (this.perEstate.get(estateId) ?? 0) + 1);
    if (reach === 'access') this.accessPerEstate.set(estateId, (this.accessPerEstate.get(estateId) ?? 0) + 1);
  }

  /** This process wrote (in one estate, or for all when none is named). */
  bump(estateId?: string, reach: WriteReach = 'data'): void {
    this.record(estateId, reach);
    const scope = reach === 'everywhere' ? undefined : estateId;
    for (const listener of this.listeners) listener(scope, scope === undefined ? 'everywhere' : reach);
  }

  /** Another process sharing the PostgreSQL database wrote. */
  bumpFromElsewhere(estateId?: string, reach: WriteReach = 'data'): void {
    this.record(estateId, reach);
  }

  /** Called after each of this process's own writes (to tell other processes). */
  onWrite(listener: (estateId: string | undefined, reach: WriteReach) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function statementText(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string')
    return query.text;
  return '';
}

type Callable = (...args: unknown[]) => unknown;

/**
 * What one connection (or one PGlite transaction) has written since its transaction began: a
 * statement naming `users` inside a transaction makes its COMMIT count for every estate.
 */
type Unit = { reach: WriteReach };

/** How far one write statement reaches (by its text: the tables it names). */
function reachOf(text: string): WriteReach {
  if (EVERY_ESTATE.test(text)) return 'everywhere';
  if (ACCESS.test(text)) return 'access';
  return 'data';
}

/** Runs `call`, bumping the counter once it settled when `isWrite` (after COMMIT, never before). */
function counted(counter: WriteCounter, isWrite: boolean, reach: () => WriteReach, call: () => unknown): unknown {
  const estateId = currentEstate();
  const bump = () => counter.bump(estateId, reach());
  const result = call();
  if (!isWrite) return result;
  if (result instanceof Promise) return result.finally(bump);
  bump();
  return result;
}

/** `unit` is the connection's when it runs a transaction's statements, else undefined (autocommit). */
function countStatement(counter: WriteCounter, unit: Unit | undefined, text: string, call: () => unknown): unknown {
  const isWrite = !READ.test(text);
  const own: WriteReach = isWrite ? reachOf(text) : 'data';
  if (unit) unit.reach = wider(unit.reach, own);
  const reach = unit ? unit.reach : own;
  if (unit && END_OF_TRANSACTION.test(text)) unit.reach = 'data';
  return counted(counter, isWrite, () => reach, call);
}

/**
 * Wraps a driver object (a PGlite instance, a pg Pool or a pooled pg client) so that its `query`,
 * `exec` and `transaction` calls are counted. Methods are bound to the real object: PGlite keeps
 * private fields, which a Proxy receiver could not reach.
 */
export function countWrites<T extends object>(target: T, counter: WriteCounter, pooledClient = false): T {
  // A pooled client keeps its unit across the statements of a transaction; the pool's and PGlite's
  // own statements each stand alone (autocommit).
  const unit: Unit | undefined = pooledClient ? { reach: 'data' } : undefined;
  return new Proxy(target, {
    get(obj, key) {
      const value: unknown = Reflect.get(obj, key, obj);
      if (typeof value !== 'function' || key === 'constructor') return value;
      const method = (value as Callable).bind(obj);
      switch (key) {
        case 'query':
        case 'exec':
          return (...args: unknown[]) => countStatement(counter, unit, statementText(args[0]), () => method(...args));
        case 'transaction':
          // PGlite: the transaction's statements go through the object it hands to the callback.
          return (fn: unknown, ...rest: unknown[]) => {
            const inner: Unit = { reach: 'data' };
            const tracked =
              typeof fn === 'function'
                ? (tx: object) => (fn as Callable)(watchStatements(tx, inner))
                : fn;
            return counted(counter, true, () => inner.reach, () => method(tracked, ...rest));
          };
        case 'connect':
          // pg's Pool.connect(): the pooled client runs the transaction's statements (BEGIN … COMMIT).
          return async (...args: unknown[]) => {
            const client = (await method(...args)) as object;
            return countWrites(client, counter, true);
          };
        default:
          return method;
      }
    },
  });
}

/** Notes in `unit` how far a PGlite transaction's writes reach (the transaction bumps once, after). */
function watchStatements<T extends object>(tx: T, unit: Unit): T {
  return new Proxy(tx, {
    get(obj, key) {
      const value: unknown = Reflect.get(obj, key, obj);
      if (typeof value !== 'function' || (key !== 'query' && key !== 'exec')) return value;
      const method = (value as Callable).bind(obj);
      return (...args: unknown[]) => {
        const text = statementText(args[0]);
        if (!READ.test(text)) unit.reach = wider(unit.reach, reachOf(text));
        return method(...args);
      };
    },
  });
}
