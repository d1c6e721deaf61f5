/** The reminder mail of a note, in its owner's language (plain words, one link). */
import type { MailMessage } from '../../platform/mail.js';

type Texts = { subject: string; hello: string; body: string; open: string; why: string };

const TEXTS: Record<'en' | 'tr' | 'ar', Texts> = {
  en: {
    subject: 'Reminder: {{title}}',
    hello: 'Hello {{name}},',
    body: 'You asked to be reminded of your note "{{title}}".',
    open: 'Open your notes: {{url}}',
    why: 'You receive this because you set a reminder on this note. You can turn reminder mails off under Today → Notifications.',
  },
  tr: {
    subject: 'Hatırlatma: {{title}}',
    hello: 'Merhaba {{name}},',
    body: '"{{title}}" notunuz için hatırlatma istemiştiniz.',
    open: 'Notlarınızı açın: {{url}}',
    why: 'Bu notta bir hatırlatma kurduğunuz için bu e-postayı alıyorsunuz. Hatırlatma e-postalarını Bugün → Bildirimler bölümünden kapatabilirsiniz.',
  },
  ar: {
    subject: 'تذكير: {{title}}',
    hello: 'مرحبًا {{name}}،',
    body: 'طلبت أن نذكّرك بملاحظتك «{{title}}».',
    open: 'افتح ملاحظاتك: {{url}}',
    why: 'تصلك هذه الرسالة لأنك وضعت تذكيرًا على هذه الملاحظة. يمكنك إيقاف رسائل التذكير من اليوم ← الإشعارات.',
  },
};

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

export function reminderMail(
  owner: { email: string; firstName: string; settings: Record<string, unknown> },
  note: { title: string; description: string; url: string },
): MailMessage {
  const language = owner.settings['language'];
  const texts = TEXTS[language === 'tr' || language === 'ar' ? language : 'en'];
  const values = { name: owner.firstName, title: note.title, url: note.url };
  const description = note.description.trim() ? `\n\n${note.description.trim().slice(0, 2000)}` : '';
  return {
    to: owner.email,
    subject: fill(texts.subject, values).slice(0, 200),
    text: `${fill(texts.hello, values)}\n\n${fill(texts.body, values)}${description}\n\n${fill(texts.open, values)}\n\n${texts.why}`,
  };
}
