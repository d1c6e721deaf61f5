/**
 * Live events for members. Publishing goes through PostgreSQL NOTIFY so every server process
 * delivers to its own open streams; payloads stay small (ids and codes, never private inputs).
 *
 * A second channel, never forwarded to a browser, says who may still listen: a session that ended
 * (sign-out, password change or reset, disabled account) closes its streams, and a membership that
 * changes (a trigger on `memberships` announces every insert, update and delete, whoever makes it)
 * starts or stops that estate's events on that person's streams.
 */
import type { Notifier } from '../db/client.js';

export type LiveEvent = {
  type: 'stage' | 'item' | 'chat' | 'notification' | 'membership';
  /** Delivered to every member of this estate ... */
  estateId?: string;
  /** ... or only to this user. */
  userId?: string;
  /** ... and only to members holding one of these roles in the estate (e.g. trustees and observers). */
  roles?: readonly number[];
  /** ... and only to these people among the estate's members (the two of a one-to-one conversation). */
  userIds?: readonly string[];
  data: Record<string, unknown>;
};

/** Between server processes only. */
type AccessSignal =
  /** Streams of this session, or of every session issued before this generation, end. */
  | { type: 'session'; userId: string; sessionId?: string; generation?: number }
  /** Sent by the trigger on `memberships`: the roles now held in the estate, or null when removed. */
  | { type: 'membership'; userId: string; estateId: string; roles: number[] | null };

export type Subscriber = {
  userId: string;
  /** The session and generation of the token the stream was opened with. */
  sessionId: string;
  generation: number;
  send: (event: LiveEvent) => void;
  /** Ends the stream; the client reconnects with a current token, or learns it has none. */
  end: (reason: string) => void;
};

type Subscription = Subscriber & {
  /** Estate id → the subscriber's roles there; null until `setMemberships`. */
  estates: Map<string, number[]> | null;
  /** Membership changes heard before the subscriber's memberships were read, applied after. */
  pending: Extract<AccessSignal, { type: 'membership' }>[];
};

export const EVENTS_CHANNEL = 'estate_events';
export const ACCESS_CHANNEL = 'estate_access';

export class EventBus {
  private readonly subscriptions = new Set<Subscription>();
  private readonly unlisten: (() => Promise<void>)[] = [];

  constructor(private readonly notifier: Notifier) {}

  async start(): Promise<void> {
    this.unlisten.push(await this.notifier.listen(EVENTS_CHANNEL, (payload) => this.deliver(payload)));
    this.unlisten.push(await this.notifier.listen(ACCESS_CHANNEL, (payload) => this.control(payload)));
  }

  async stop(): Promise<void> {
    for (const unlisten of this.unlisten.splice(0)) await unlisten();
    this.endAll('server stopping');
  }

  /** Ends every open stream (the server is closing: open responses would keep it from closing). */
  endAll(reason: string): void {
    for (const s of this.subscriptions) s.end(reason);
    this.subscriptions.clear();
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.notifier.notify(EVENTS_CHANNEL, JSON.stringify(event));
  }

  /** Closes streams of one session, or of every session older than `generation`, in every process. */
  async endSessions(which: { userId: string; sessionId?: string; generation?: number }): Promise<void> {
    const signal: AccessSignal = { type: 'session', ...which };
    await this.notifier.notify(ACCESS_CHANNEL, JSON.stringify(signal));
  }

  /**
   * Registers a stream before its memberships are read (call `setMemberships` next), so that no
   * change between that read and now is missed. Returns the unsubscribe function.
   */
  subscribe(subscriber: Subscriber): { setMemberships: (rows: { estateId: string; roles: number[] }[]) => void; unsubscribe: () => void } {
    const s: Subscription = { ...subscriber, estates: null, pending: [] };
    this.subscriptions.add(s);
    return {
      setMemberships: (rows) => {
        s.estates = new Map(rows.map((r) => [r.estateId, r.roles]));
        for (const change of s.pending.splice(0)) applyMembership(s.estates, change);
      },
      unsubscribe: () => this.subscriptions.delete(s),
    };
  }

  private deliver(payload: string): void {
    const event = parse<LiveEvent>(payload);
    if (!event) return;
    for (const s of this.subscriptions) {
      if (event.userId && event.userId !== s.userId) continue;
      const roles = event.estateId ? s.estates?.get(event.estateId) : undefined;
      // An estate's events reach its members only (a person-addressed event needs no membership).
      if (event.estateId && !event.userId && !roles) continue;
      if (event.roles && !roles?.some((r) => event.roles!.includes(r))) continue;
      if (event.userIds && !event.userIds.includes(s.userId)) continue;
      s.send(event);
    }
  }

  private control(payload: string): void {
    const signal = parse<AccessSignal>(payload);
    if (!signal) return;
    for (const s of this.subscriptions) {
      if (signal.userId !== s.userId) continue;
      if (signal.type === 'session') {
        const ended =
          (signal.sessionId !== undefined && signal.sessionId === s.sessionId) ||
          (signal.generation !== undefined && s.generation < signal.generation);
        if (ended) s.end('session ended');
      } else if (s.estates) {
        applyMembership(s.estates, signal);
      } else {
        s.pending.push(signal);
      }
    }
  }
}

function applyMembership(estates: Map<string, number[]>, change: Extract<AccessSignal, { type: 'membership' }>): void {
  if (change.roles && change.roles.length > 0) estates.set(change.estateId, change.roles);
  else estates.delete(change.estateId);
}

function parse<T>(payload: string): T | null {
  try {
    const value = JSON.parse(payload) as unknown;
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}
