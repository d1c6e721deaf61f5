/**
 * Live events for members. Publishing goes through PostgreSQL NOTIFY so every server process
 * delivers to its own open streams; payloads stay small (ids and codes, never private inputs).
 */
import type { Notifier } from '../db/client.js';

export type LiveEvent = {
  type: 'stage' | 'item' | 'chat' | 'notification' | 'membership';
  /** Delivered to every member of this estate ... */
  estateId?: string;
  /** ... or only to this user. */
  userId?: string;
  data: Record<string, unknown>;
};

type Subscriber = {
  userId: string;
  estateIds: Set<string>;
  send: (event: LiveEvent) => void;
};

const CHANNEL = 'estate_events';

export class EventBus {
  private readonly subscribers = new Set<Subscriber>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly notifier: Notifier) {}

  async start(): Promise<void> {
    this.unlisten = await this.notifier.listen(CHANNEL, (payload) => this.deliver(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.subscribers.clear();
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.notifier.notify(CHANNEL, JSON.stringify(event));
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private deliver(payload: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    for (const s of this.subscribers) {
      if (event.userId && event.userId !== s.userId) continue;
      if (event.estateId && !event.userId && !s.estateIds.has(event.estateId)) continue;
      if (event.type === 'membership' && event.estateId) s.estateIds.add(event.estateId);
      s.send(event);
    }
  }
}
