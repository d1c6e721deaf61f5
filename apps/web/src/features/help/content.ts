import { useQuery } from '@tanstack/react-query';
import faqEn from '@estate/domain/content/faq.en.json?url';
import faqTr from '@estate/domain/content/faq.tr.json?url';
import faqAr from '@estate/domain/content/faq.ar.json?url';
import styleEn from '@estate/domain/content/style.en.json?url';
import styleTr from '@estate/domain/content/style.tr.json?url';
import styleAr from '@estate/domain/content/style.ar.json?url';
import lessonsEn from '@estate/domain/content/lessons.en.json?url';
import lessonsTr from '@estate/domain/content/lessons.tr.json?url';
import lessonsAr from '@estate/domain/content/lessons.ar.json?url';
import { queryKeys } from '../../shared/api/query-keys';

export type QA = { id: string; question: string; answer: string; example?: string };
export type Faq = { items: QA[] };
export type StyleGuide = { intro: string; rules: QA[] };
export type Lessons = {
  courses: {
    id: string;
    slug: string;
    title: string;
    description: string;
    category: string;
    steps: { id: string; title: string; content: string }[];
  }[];
};

const URLS = {
  faq: { en: faqEn, tr: faqTr, ar: faqAr },
  style: { en: styleEn, tr: styleTr, ar: styleAr },
  lessons: { en: lessonsEn, tr: lessonsTr, ar: lessonsAr },
} as const;

type Kind = keyof typeof URLS;
type Shape = { faq: Faq; style: StyleGuide; lessons: Lessons };

/** Written content (FAQ, style guide, lessons) in the reader's language, fetched as JSON on demand. */
export function useContent<K extends Kind>(kind: K, language: string) {
  const lang = (language === 'tr' || language === 'ar' ? language : 'en');
  return useQuery({
    queryKey: queryKeys.content(kind, lang),
    queryFn: async () => {
      const response = await fetch(URLS[kind][lang], { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`content ${kind}/${lang}: ${response.status}`);
      return (await response.json()) as Shape[K];
    },
    staleTime: Infinity,
  });
}
