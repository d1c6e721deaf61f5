/**
 * Mail in the reader's language: the texts are product content (`@estate/domain/content/mail.*.json`,
 * with stage names from `stages.*.json`), and every mail has one button that opens the right page.
 */
import type { Language } from '@estate/domain/settings';
import { isRoleCode, type RoleCode } from '@estate/domain/roles';
import type { StageCode } from '@estate/domain/stages';
import en from '@estate/domain/content/mail.en.json' with { type: 'json' };
import tr from '@estate/domain/content/mail.tr.json' with { type: 'json' };
import ar from '@estate/domain/content/mail.ar.json' with { type: 'json' };
import stagesEn from '@estate/domain/content/stages.en.json' with { type: 'json' };
import stagesTr from '@estate/domain/content/stages.tr.json' with { type: 'json' };
import stagesAr from '@estate/domain/content/stages.ar.json' with { type: 'json' };
import type { MailMessage } from './mail.js';

type MailTexts = typeof en;
const TEXTS: Record<Language, MailTexts> = { en, tr, ar };
const STAGES: Record<Language, Record<string, { name: string }>> = { en: stagesEn, tr: stagesTr, ar: stagesAr };

/** Who a mail is for: their address, first name, language and (for the "why") roles in the estate. */
export type Reader = { email: string; firstName: string; language: Language; roles: readonly number[] };

export function readerLanguage(settings: Record<string, unknown> | null | undefined): Language {
  const language = settings?.['language'];
  return language === 'tr' || language === 'ar' ? language : 'en';
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function stageName(language: Language, stage: StageCode): string {
  return STAGES[language][String(stage)]?.name ?? STAGES.en[String(stage)]?.name ?? String(stage);
}

/** A date and time in the estate's time zone, with the zone's name (api.md: every time in a mail). */
export function formatMailDate(language: Language, at: Date, timeZone = 'UTC'): string {
  const locale = language === 'ar' ? 'ar-EG' : language;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(at)} (${timeZone})`;
}

function rolesText(texts: MailTexts, roles: readonly number[]): string {
  const names = roles.filter((r): r is RoleCode => isRoleCode(r)).map((r) => (texts.roles as Record<string, string>)[String(r)]).filter((n): n is string => Boolean(n));
  return names.join(texts.roleJoin);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Why a member of an estate receives its mails (their roles), and that they can turn them off. */
function memberWhy(reader: Reader, estate: string): string {
  const texts = TEXTS[reader.language];
  const roles = rolesText(texts, reader.roles);
  return roles ? fill(texts.why, { estate, roles }) : '';
}

/**
 * One plain mail: greeting, paragraphs, one button (also written out as a link for plain-text
 * readers), the closing and, in small print, why they receive it. Arabic is laid out right to left.
 */
function compose(
  reader: AccountReader,
  subject: string,
  paragraphs: string[],
  button: { label: string; url: string },
  why: string,
  /** Items listed after the first paragraph: their number (kept whole in Arabic) and words. */
  lines: { label: string; text: string }[] = [],
): MailMessage {
  const texts = TEXTS[reader.language];
  const greeting = reader.firstName ? fill(texts.greeting, { name: reader.firstName }) : texts.greetingNoName;
  const [first = '', ...rest] = paragraphs;
  const list = lines.map((l) => `• ${l.label} ${l.text}`).join('\n');
  const text = [greeting, first, list, ...rest, `${button.label}: ${button.url}`, texts.closing, why].filter(Boolean).join('\n\n');
  const dir = reader.language === 'ar' ? 'rtl' : 'ltr';
  const para = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const html = [
    `<div dir="${dir}" lang="${reader.language}" style="font-family:system-ui,sans-serif;font-size:17px;line-height:1.5;color:#1f2937;max-width:560px">`,
    para(greeting),
    first ? para(first) : '',
    lines.length ? `<ul style="margin:0 0 16px">${lines.map((l) => `<li><bdi>${escapeHtml(l.label)}</bdi> ${escapeHtml(l.text)}</li>`).join('')}</ul>` : '',
    ...rest.map(para),
    `<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;padding:14px 24px;border-radius:8px;background:#1e40af;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(button.label)}</a></p>`,
    para(texts.closing),
    why ? `<p style="margin:24px 0 0;font-size:14px;color:#4b5563">${escapeHtml(why)}</p>` : '',
    '</div>',
  ].join('');
  return { to: reader.email, subject: subject.slice(0, 200), text, html };
}

/** The estate moved to a stage in which this person has something to do. */
export function turnMail(reader: Reader, input: { estate: string; stage: StageCode; deadline: Date | null; url: string; timeZone?: string }): MailMessage | undefined {
  const texts = TEXTS[reader.language];
  const task = (texts.tasks as Record<string, string>)[String(input.stage)];
  if (!task) return undefined;
  const values = { estate: input.estate, stage: stageName(reader.language, input.stage), task };
  const due = input.deadline ? fill(texts.turn.deadline, { deadline: formatMailDate(reader.language, input.deadline, input.timeZone) }) : texts.turn.noDeadline;
  return compose(reader, fill(texts.turn.subject, values), [fill(texts.turn.intro, values), due], { label: texts.turn.button, url: input.url }, memberWhy(reader, input.estate));
}

/** Every item has a receiver: what they received and why is ready to read. */
export function resultsMail(reader: Reader, input: { estate: string; url: string }): MailMessage {
  const texts = TEXTS[reader.language];
  return compose(reader, fill(texts.results.subject, { estate: input.estate }), [fill(texts.results.intro, { estate: input.estate })], { label: texts.results.button, url: input.url }, memberWhy(reader, input.estate));
}

/** A day before a stage's deadline, to someone who has not finished. */
export function reminderMail(reader: Reader, input: { estate: string; stage: StageCode; deadline: Date; url: string; timeZone?: string }): MailMessage {
  const texts = TEXTS[reader.language];
  const values = { estate: input.estate, stage: stageName(reader.language, input.stage), deadline: formatMailDate(reader.language, input.deadline, input.timeZone) };
  return compose(reader, fill(texts.reminder.subject, values), [fill(texts.reminder.intro, values), texts.reminder.outro], { label: texts.reminder.button, url: input.url }, memberWhy(reader, input.estate));
}

/** An invitation, in the invitee's language, naming the role(s) they are invited for. */
export function invitationMail(reader: Reader, input: { estate: string; inviter: string; url: string }): MailMessage {
  const texts = TEXTS[reader.language];
  const values = { estate: input.estate, inviter: input.inviter, roles: rolesText(texts, reader.roles) };
  return compose(reader, fill(texts.invitation.subject, values), [fill(texts.invitation.intro, values), texts.invitation.expiry, texts.invitation.passwordless], { label: texts.invitation.button, url: input.url }, '');
}

/** Who an account mail is for: it is about the account, not an estate, so it has no "why". */
export type AccountReader = Pick<Reader, 'email' | 'firstName' | 'language'>;

/** Confirm the address, choose a new password, or sign in once: one button, and how long it works. */
export function accountLinkMail(reader: AccountReader, kind: 'confirm' | 'reset' | 'signInLink', url: string): MailMessage {
  const texts = TEXTS[reader.language].account[kind];
  return compose(reader, texts.subject, [texts.intro, texts.expiry], { label: texts.button, url }, '');
}

/** Someone registered with an address that already has an account: its owner hears of it. */
export function alreadyRegisteredMail(reader: AccountReader, input: { signInUrl: string; forgotUrl: string; invited: boolean }): MailMessage {
  const texts = TEXTS[reader.language].account.alreadyRegistered;
  const paragraphs = [texts.intro, fill(texts.forgot, { url: input.forgotUrl }), input.invited ? texts.invited : '', texts.notYou].filter(Boolean);
  return compose(reader, texts.subject, paragraphs, { label: texts.button, url: input.signInUrl }, '');
}

/** A note's reminder, at the time its owner chose: its title and words, and a button to the notes. */
export function noteReminderMail(reader: AccountReader, note: { title: string; description: string; url: string }): MailMessage {
  const texts = TEXTS[reader.language].noteReminder;
  const description = note.description.trim().slice(0, 2000);
  return compose(reader, fill(texts.subject, { title: note.title }), [fill(texts.intro, { title: note.title }), description].filter(Boolean), { label: texts.button, url: note.url }, texts.why);
}

/** Hand-over news for a receiver (or the parent receiving for a grandchild): which items, and when. */
export function handoverMail(
  reader: Reader,
  kind: 'scheduled' | 'shipped' | 'reminder',
  input: { estate: string; lines: { label: string; name: string; forChild: string | null }[]; when: Date | null; url: string; timeZone?: string },
): MailMessage {
  const texts = TEXTS[reader.language].handover;
  const values = { estate: input.estate };
  const when = kind === 'scheduled' && input.when ? fill(texts.when, { date: formatMailDate(reader.language, input.when, input.timeZone) }) : '';
  const lines = input.lines.map((l) => ({ label: l.label, text: l.forChild ? `${l.name} ${fill(texts.forChild, { name: l.forChild })}` : l.name }));
  return compose(reader, fill(texts[`${kind}Subject`], values), [fill(texts[kind], values), when], { label: texts.button, url: input.url }, memberWhy(reader, input.estate), lines);
}

/** The trustee answered a beneficiary's question on a result (issue 30): kept or changed, and their words. */
export function questionAnsweredMail(reader: Reader, input: { estate: string; item: string; outcome: 'kept' | 'changed'; text: string; url: string }): MailMessage {
  const texts = TEXTS[reader.language].questionAnswered;
  const values = { estate: input.estate, item: input.item };
  return compose(
    reader,
    fill(texts.subject, values),
    [fill(texts.intro, values), texts[input.outcome], fill(texts.answer, { text: input.text.slice(0, 2000) })],
    { label: texts.button, url: input.url },
    memberWhy(reader, input.estate),
  );
}

/** An appraiser's or seller's work: an item now needs an appraisal, or is to be sold. */
export function helperMail(reader: Reader, kind: 'appraise' | 'sale', input: { estate: string; item: { label: string; name: string }; url: string }): MailMessage {
  const texts = TEXTS[reader.language].helper;
  const values = { estate: input.estate };
  return compose(
    reader,
    fill(texts[`${kind}Subject`], values),
    [fill(texts[kind], values)],
    { label: texts.button, url: input.url },
    memberWhy(reader, input.estate),
    [{ label: input.item.label, text: input.item.name }],
  );
}
