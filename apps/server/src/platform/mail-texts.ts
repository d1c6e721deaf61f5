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

export function formatMailDate(language: Language, at: Date): string {
  const locale = language === 'ar' ? 'ar-EG' : language;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(at)} (UTC)`;
}

function rolesText(texts: MailTexts, roles: readonly number[]): string {
  const names = roles.filter((r): r is RoleCode => isRoleCode(r)).map((r) => (texts.roles as Record<string, string>)[String(r)]).filter((n): n is string => Boolean(n));
  return names.join(texts.roleJoin);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One plain mail: greeting, paragraphs, one button (also written out as a link for plain-text
 * readers), the closing and why they receive it. Arabic is laid out right to left.
 */
function compose(reader: Reader, estate: string, subject: string, paragraphs: string[], button: { label: string; url: string }, member = true): MailMessage {
  const texts = TEXTS[reader.language];
  const greeting = reader.firstName ? fill(texts.greeting, { name: reader.firstName }) : texts.greetingNoName;
  const roles = rolesText(texts, reader.roles);
  const why = roles && member ? fill(texts.why, { estate, roles }) : '';
  const text = [greeting, ...paragraphs, `${button.label}: ${button.url}`, texts.closing, why].filter(Boolean).join('\n\n');
  const dir = reader.language === 'ar' ? 'rtl' : 'ltr';
  const para = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const html = [
    `<div dir="${dir}" lang="${reader.language}" style="font-family:system-ui,sans-serif;font-size:17px;line-height:1.5;color:#1f2937;max-width:560px">`,
    para(greeting),
    ...paragraphs.map(para),
    `<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;padding:14px 24px;border-radius:8px;background:#1e40af;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(button.label)}</a></p>`,
    para(texts.closing),
    why ? `<p style="margin:24px 0 0;font-size:14px;color:#4b5563">${escapeHtml(why)}</p>` : '',
    '</div>',
  ].join('');
  return { to: reader.email, subject, text, html };
}

/** The estate moved to a stage in which this person has something to do. */
export function turnMail(reader: Reader, input: { estate: string; stage: StageCode; deadline: Date | null; url: string }): MailMessage | undefined {
  const texts = TEXTS[reader.language];
  const task = (texts.tasks as Record<string, string>)[String(input.stage)];
  if (!task) return undefined;
  const values = { estate: input.estate, stage: stageName(reader.language, input.stage), task };
  const due = input.deadline ? fill(texts.turn.deadline, { deadline: formatMailDate(reader.language, input.deadline) }) : texts.turn.noDeadline;
  return compose(reader, input.estate, fill(texts.turn.subject, values), [fill(texts.turn.intro, values), due], { label: texts.turn.button, url: input.url });
}

/** Every item has a receiver: what they received and why is ready to read. */
export function resultsMail(reader: Reader, input: { estate: string; url: string }): MailMessage {
  const texts = TEXTS[reader.language];
  return compose(reader, input.estate, fill(texts.results.subject, { estate: input.estate }), [fill(texts.results.intro, { estate: input.estate })], {
    label: texts.results.button,
    url: input.url,
  });
}

/** A day before a stage's deadline, to someone who has not finished. */
export function reminderMail(reader: Reader, input: { estate: string; stage: StageCode; deadline: Date; url: string }): MailMessage {
  const texts = TEXTS[reader.language];
  const values = { estate: input.estate, stage: stageName(reader.language, input.stage), deadline: formatMailDate(reader.language, input.deadline) };
  return compose(reader, input.estate, fill(texts.reminder.subject, values), [fill(texts.reminder.intro, values), texts.reminder.outro], {
    label: texts.reminder.button,
    url: input.url,
  });
}

/** An invitation, in the invitee's language, naming the role(s) they are invited for. */
export function invitationMail(reader: Reader, input: { estate: string; inviter: string; url: string }): MailMessage {
  const texts = TEXTS[reader.language];
  const values = { estate: input.estate, inviter: input.inviter, roles: rolesText(texts, reader.roles) };
  return compose(
    reader,
    input.estate,
    fill(texts.invitation.subject, values),
    [fill(texts.invitation.intro, values), texts.invitation.expiry, texts.invitation.passwordless],
    { label: texts.invitation.button, url: input.url },
    false,
  );
}
