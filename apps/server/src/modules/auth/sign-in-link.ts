/**
 * Sign-in links (api.md "Sign-in links"): for people who find passwords hard, a link by mail that
 * signs them in once, within 15 minutes. Only a confirmed, usable account gets one; the answer to
 * the request is the same either way, so no one learns who has an account. Only the token's hash
 * is stored; a new link, a used one, a password reset or change cancels the others.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { cancelOneTimeTokens, consumeOneTimeToken, issueOneTimeToken, startSession, type Session } from './service.js';

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

type Language = 'en' | 'tr' | 'ar';

/** The mail in the reader's language (their saved setting), plain and short. */
const MAIL: Record<Language, { subject: string; text: (name: string, link: string) => string }> = {
  en: {
    subject: 'Your sign-in link for the Estate Portal',
    text: (name, link) =>
      `Hello ${name},\n\nYou asked to sign in to the Estate Portal without a password. Open this link on the device you want to use:\n\n${link}\n\nThe link works once, for 15 minutes. If you did not ask for it, you can ignore this message: nobody can sign in without opening it.\n\nWith care,\nThe Estate Portal`,
  },
  tr: {
    subject: 'Emlak Portalı için giriş bağlantınız',
    text: (name, link) =>
      `Merhaba ${name},\n\nEmlak Portalı'na parola olmadan girmek istediniz. Bu bağlantıyı kullanmak istediğiniz cihazda açın:\n\n${link}\n\nBağlantı bir kez ve 15 dakika boyunca çalışır. Bunu siz istemediyseniz bu mesajı yok sayabilirsiniz: bağlantı açılmadan kimse giriş yapamaz.\n\nSaygılarımızla,\nEmlak Portalı`,
  },
  ar: {
    subject: 'رابط الدخول إلى بوابة التركة',
    text: (name, link) =>
      `مرحبًا ${name}،\n\nطلبت الدخول إلى بوابة التركة دون كلمة مرور. افتح هذا الرابط على الجهاز الذي تريد استخدامه:\n\n${link}\n\nيعمل الرابط مرة واحدة خلال 15 دقيقة. إن لم تطلبه، يمكنك تجاهل هذه الرسالة: لا يستطيع أحد الدخول دون فتحه.\n\nمع خالص التقدير،\nبوابة التركة`,
  },
};

function languageOf(user: UserRow): Language {
  const language = user.settings['language'];
  return language === 'tr' || language === 'ar' ? language : 'en';
}

/** Mails a sign-in link to a confirmed, usable account with this address; does nothing otherwise. */
export async function requestSignInLink(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.accountStatus === 'disabled' || !user.emailConfirmedAt) return;
  const now = ctx.now();
  const token = await ctx.db.transaction(async (tx) => {
    // Only the newest link works: an older one still in a mailbox is spent.
    await cancelOneTimeTokens(tx, user.id, ['sign-in-link'], now);
    return issueOneTimeToken(tx, user.id, 'sign-in-link', SIGN_IN_LINK_TTL_MS, now);
  });
  const link = `${ctx.config.PUBLIC_URL}/pages/auth/link?token=${token}`;
  const mail = MAIL[languageOf(user)];
  await ctx.mailer.send({ to: user.email, subject: mail.subject, text: mail.text(user.firstName, link) });
}

/** Spends the link (once, within its time) and starts a session, as signing in with a password does. */
export async function consumeSignInLink(ctx: AppContext, log: FastifyBaseLogger, token: string): Promise<Session> {
  const now = ctx.now();
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'sign-in-link', now);
    await cancelOneTimeTokens(tx, userId, ['sign-in-link'], now);
    const [row] = await tx.select().from(users).where(eq(users.id, userId));
    return row;
  });
  if (!user || user.accountStatus === 'disabled') {
    log.warn({ userId: user?.id }, 'sign-in link refused: account disabled');
    throw new AppError('account_disabled', says('auth.disabled'));
  }
  log.info({ userId: user.id }, 'signed in with a link');
  return startSession(ctx, user);
}
