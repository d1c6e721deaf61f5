/**
 * Activity entries as sentences in the reader's language: the profile's timeline ("You …") and,
 * with the third-person texts, the estate's Activity page and an item's history (issue 30).
 */
import type { TFunction } from 'i18next';
import type { SentenceDto } from '@estate/domain/schemas/history';
import { formatDate } from '../i18n/format';

/**
 * One line of the timeline in the reader's language: the sentence's values named as words. The
 * estate's Activity page and an item's history (issue 30) say the same sentences of someone else:
 * `kinds` names their texts (`activity:kinds`) and `extra` adds who did it.
 */
export function sentence(
  entry: SentenceDto,
  t: TFunction,
  language: string,
  rtl = false,
  { kinds = 'people:timeline.kinds', extra = {} }: { kinds?: string; extra?: Record<string, string> } = {},
): string {
  const values: Record<string, string | number> = { ...entry.values, ...extra };
  // Names people typed (an item, a room) keep their own direction inside a right-to-left sentence.
  const isolate = (text: string) => (rtl ? `\u2068${text}\u2069` : text);
  for (const key of ['item', 'name', 'from', 'who', 'receiver'] as const) {
    if (typeof values[key] === 'string' && values[key]) values[key] = isolate(values[key]);
  }
  if ('item' in values) values.item = values.item || t('people:timeline.anItem');
  if (typeof values.stage === 'number') values.stage = t(`stage.${values.stage}.name`, { ns: 'stages' });
  if (typeof values.date === 'string') values.date = formatDate(values.date, language, true);
  if (typeof values.field === 'string') values.field = t(`people:timeline.fields.${values.field}`);
  if (typeof values.document === 'string') values.document = t(`people:timeline.documents.${values.document}`);
  return t(`${kinds}.${entry.kind}`, { ...values, defaultValue: t(`${kinds}.other`, values) });
}

/** An estate activity or item history entry: the sentence, said of whoever did it. */
export function activityLine(entry: { sentence: SentenceDto; actorName: string | null }, t: TFunction, language: string, rtl = false): string {
  const who = entry.actorName ?? t('activity:who.portal');
  return sentence(entry.sentence, t, language, rtl, { kinds: 'activity:kinds', extra: { who } });
}
