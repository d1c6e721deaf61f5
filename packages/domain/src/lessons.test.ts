import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { advanceProgress, COURSES, COURSE_CATEGORIES } from './lessons.js';

type Content = { courses: { id: string; slug: string; category: string; steps: { id: string; title: string; content: string }[] }[] };
const content = (lng: string) =>
  JSON.parse(readFileSync(new URL(`./content/lessons.${lng}.json`, import.meta.url), 'utf8')) as Content;

it('describes every course of the content, in every language, with its steps and reading time', () => {
  const en = content('en');
  expect(en.courses.map((c) => c.id)).toEqual(COURSES.map((c) => c.id));
  for (const lng of ['en', 'tr', 'ar']) {
    const file = content(lng);
    for (const course of COURSES) {
      const text = file.courses.find((c) => c.id === course.id)!;
      expect(text.slug).toBe(course.slug);
      expect(text.category).toBe(course.category);
      expect(text.steps).toHaveLength(course.totalSteps);
      expect(text.steps.map((s) => s.id)).toEqual(en.courses.find((c) => c.id === course.id)!.steps.map((s) => s.id));
    }
  }
  for (const course of COURSES) {
    expect(COURSE_CATEGORIES).toContain(course.category);
    const words = en.courses.find((c) => c.id === course.id)!.steps.reduce((n, s) => n + `${s.title} ${s.content}`.split(/\s+/).length, 0);
    expect(Math.abs(course.length - words / 180)).toBeLessThanOrEqual(1.5);
  }
});

it('keeps the methodology at about 20 steps (product.md)', () => {
  expect(COURSES.find((c) => c.id === 'distribution-methodology')!.totalSteps).toBeGreaterThanOrEqual(18);
  expect(COURSES.find((c) => c.id === 'distribution-methodology')!.totalSteps).toBeLessThanOrEqual(25);
});

it('moves the open step freely, remembers the furthest step and the first finish', () => {
  const course = COURSES[0]!;
  const t1 = '2026-11-21T12:00:00.000Z';
  const t2 = '2026-11-22T12:00:00.000Z';
  const a = advanceProgress(course, null, { activeStep: 3 }, t1);
  expect(a).toEqual({ activeStep: 3, furthestStep: 3, completedAt: null });
  const b = advanceProgress(course, a as never, { activeStep: 1 }, t1);
  expect(b).toEqual({ activeStep: 1, furthestStep: 3, completedAt: null });
  const c = advanceProgress(course, b as never, { activeStep: 6, completed: true }, t1);
  expect(c).toEqual({ activeStep: 6, furthestStep: 6, completedAt: t1 });
  expect(advanceProgress(course, c as never, { activeStep: 2 }, t2)).toEqual({ activeStep: 2, furthestStep: 6, completedAt: t1 });
  expect(advanceProgress(course, c as never, { activeStep: 7 }, t2)).toEqual({ refused: 'This lesson has 6 steps.' });
  expect(advanceProgress(course, null, { activeStep: 2, completed: true }, t2)).toHaveProperty('refused');
});
