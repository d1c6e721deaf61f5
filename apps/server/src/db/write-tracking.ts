/**
 * Counts writes to the database, so a read cache can know that nothing it holds may have changed.
 * The count goes up after every statement that is not a plain SELECT and after every transaction,
 * whoever issued it (a route, the scheduler, a test factory): the drivers themselves are wrapped,
 * so a new write path cannot forget to say so. See docs/decisions/0006-read-cache.md.
 */

/** Plain reads, as drizzle writes them; anything else (including WITH ...) is counted as a write. */
const READ = /^\s*select\b/i;

export class WriteCounter {
  private count = 0;
  private readonly listeners = new Set<() => void>();

  get generation(): number {
    return this.count;
  }

  /** This process wrote. */
  bump(): void {
    this.count++;
    for (const listener of this.listeners) listener();
  }

  /** Another process sharing the PostgreSQL database wrote. */
  bumpFromElsewhere(): void {
    this.count++;
  }

  /** Called after each of this process's own writes (to tell other processes). */
  onWrite(listener: () => void): () => void {
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

/** Runs `call`, bumping the counter once it settled when `isWrite` (after COMMIT, never before). */
function counted(counter: WriteCounter, isWrite: boolean, call: () => unknown): unknown {
  const result = call();
  if (!isWrite) return result;
  if (result instanceof Promise) {
    return result.finally(() => counter.bump());
  }
  counter.bump();
  return result;
}

/**
 * Wraps a driver object (a PGlite instance, a pg Pool or a pooled pg client) so that its `query`,
 * `exec` and `transaction` calls are counted. Methods are bound to the real object: PGlite keeps
 * private fields, which a Proxy receiver could not reach.
 */
export function countWrites<T extends object>(target: T, counter: WriteCounter): T {
  return new Proxy(target, {
    get(obj, key) {
      const value: unknown = Reflect.get(obj, key, obj);
      if (typeof value !== 'function' || key === 'constructor') return value;
      const method = (value as Callable).bind(obj);
      switch (key) {
        case 'query':
        case 'exec':
          return (...args: unknown[]) =>
            counted(counter, !READ.test(statementText(args[0])), () => method(...args));
        case 'transaction':
          return (...args: unknown[]) => counted(counter, true, () => method(...args));
        case 'connect':
          // pg's Pool.connect(): the pooled client runs the transaction's statements (BEGIN … COMMIT).
          return async (...args: unknown[]) => {
            const client = (await method(...args)) as object;
            return countWrites(client, counter);
          };
        default:
          return method;
      }
    },
  });
}
