/**
 * Outgoing mail. Every message is written to the outbox table first (so admins can read it when no
 * SMTP server is configured, and nothing is lost if sending fails), then sent over SMTP if set.
 *
 * With SMTP set, the outbox keeps the message with its links' secrets left out (issue 31): the mail
 * server delivers, and the administrator reading the outbox must not be able to sign in as anyone
 * with a sign-in, reset, confirmation or invitation link. Without SMTP the outbox is the delivery
 * (the administrator hands the links on), so it keeps them whole.
 */
import type { Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { newId } from './ids.js';

/** `html` is the same message with its one button (mail-texts.ts); `text` is what the outbox keeps. */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** What a link's secret reads as in the outbox once the mail is the mail server's to deliver. */
export const REDACTED = '[hidden: sent by mail]';

/**
 * A mail's text with the secret part of every account link left out: `?token=…` (sign-in,
 * reset, confirmation links) and `/invite/…` (invitations). The address stays, so the outbox
 * still says what kind of link was sent.
 */
export function redactLinks(text: string): string {
  return text.replace(/([?&]token=)[A-Za-z0-9_%-]+/g, `$1${REDACTED}`).replace(/(\/invite\/)[A-Za-z0-9_%-]+/g, `$1${REDACTED}`);
}

export class Mailer {
  /** Made on the first message: nodemailer is loaded on first use (a fast cold start, ADR 0020). */
  private transport: Promise<Transporter> | undefined;
  private readonly pending = new Set<Promise<void>>();
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly smtpUrl: string | undefined,
    private readonly from: string,
  ) {}

  /** Stores the message and sends it. Sending failures are recorded, never thrown at the caller. */
  async send(message: MailMessage): Promise<void> {
    const id = newId();
    const { html: _html, ...stored } = message;
    // With a mail server, the outbox never holds a live link, not even while sending.
    await this.db.insert(outbox).values({ id, ...stored, text: this.smtpUrl ? redactLinks(stored.text) : stored.text });
    if (!this.smtpUrl) {
      this.log.info({ mailId: id, subject: message.subject }, 'mail stored in outbox (no SMTP_URL set)');
      return;
    }
    try {
      const smtpUrl = this.smtpUrl;
      this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await this.transport).sendMail({ from: this.from, ...message });
      await this.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.log.error({ mailId: id, reason }, 'mail could not be sent');
      await this.db.update(outbox).set({ error: reason }).where(eq(outbox.id, id));
    }
  }

  /**
   * Mail work that follows an action (a stage move mails every member): run after the answer has
   * gone, so a slow mail server never holds a request; `idle()` and `close()` wait for it.
   */
  inBackground(work: () => Promise<unknown>): void {
    const task: Promise<void> = work()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ reason: err instanceof Error ? err.message : String(err) }, 'mail work failed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    // A transport that could not be made has nothing to close.
    (await this.transport?.catch(() => undefined))?.close();
  }
}
