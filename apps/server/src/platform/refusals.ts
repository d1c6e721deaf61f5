/**
 * Refusals in the reader's language: the texts are product content
 * (`@estate/domain/content/refusals.*.json`, keyed by a stable reason), the same files the web app
 * shows. The error handler renders an AppError's reason in the request's language.
 */
import type { FastifyRequest } from 'fastify';
import type { Language } from '@estate/domain/settings';
import { fillTemplate, readableParams, type RefusalParams } from '@estate/domain/refusals';
import en from '@estate/domain/content/refusals.en.json' with { type: 'json' };
import tr from '@estate/domain/content/refusals.tr.json' with { type: 'json' };
import ar from '@estate/domain/content/refusals.ar.json' with { type: 'json' };
import stagesEn from '@estate/domain/content/stages.en.json' with { type: 'json' };
import stagesTr from '@estate/domain/content/stages.tr.json' with { type: 'json' };
import stagesAr from '@estate/domain/content/stages.ar.json' with { type: 'json' };

/** A stable name of one refusal sentence (a key of the content files). */
export type RefusalReason = keyof typeof en;

export const REFUSAL_TEXTS: Record<Language, Record<RefusalReason, string>> = { en, tr, ar };
const STAGES: Record<Language, Record<string, { name: string }>> = { en: stagesEn, tr: stagesTr, ar: stagesAr };

/** Stage names as a refusal quotes them ("…" in English and Turkish, «…» in Arabic). */
function stageNamer(language: Language) {
  return (code: number) => {
    const name = STAGES[language][String(code)]?.name ?? STAGES.en[String(code)]?.name ?? String(code);
    return language === 'ar' ? `«${name}»` : `"${name}"`;
  };
}

export function isRefusalReason(value: string): value is RefusalReason {
  return Object.hasOwn(en, value);
}

/** The refusal's sentence in `language`, its parameters filled in. */
export function refusalText(language: Language, reason: RefusalReason, params: RefusalParams = {}): string {
  const template = REFUSAL_TEXTS[language][reason] ?? REFUSAL_TEXTS.en[reason];
  return fillTemplate(template, readableParams(params, language, stageNamer(language)));
}

/**
 * The language a request asks for: the first of `Accept-Language` this portal speaks (en, tr, ar),
 * English otherwise. The web app sends the language the person chose.
 */
export function requestLanguage(req: Pick<FastifyRequest, 'headers'>): Language {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string' || header.length === 0) return 'en';
  const wanted = header
    .slice(0, 200)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const w of wanted) if (w.lang === 'en' || w.lang === 'tr' || w.lang === 'ar') return w.lang;
  return 'en';
}
