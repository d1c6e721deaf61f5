/**
 * The lessons (seed: "Course: id, title, slug, description, category, length, totalSteps,
 * activeStep, updated, steps"). Their text lives in `content/lessons.<lng>.json`; this is what the
 * server needs to keep each person's place without loading the text: the courses, their step
 * counts and reading time. `lessons.test.ts` checks it against the three content files.
 */
import { z } from 'zod';

export const COURSE_CATEGORIES = ['introduction', 'terms', 'distribution', 'inventory', 'roles'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export type CourseInfo = {
  id: string;
  slug: string;
  category: CourseCategory;
  /** Reading time in minutes (about 180 words a minute, in English). */
  length: number;
  totalSteps: number;
};

export const COURSES: readonly CourseInfo[] = [
  { id: 'how-things-work', slug: 'how-things-work', category: 'introduction', length: 5, totalSteps: 6 },
  { id: 'distribution-methodology', slug: 'distribution-methodology', category: 'distribution', length: 17, totalSteps: 23 },
];

export function courseById(id: string): CourseInfo | undefined {
  return COURSES.find((c) => c.id === id || c.slug === id);
}

/** A person's place in a course. Steps are numbered from 1. */
export type CourseProgress = {
  activeStep: number;
  /** The furthest step they have opened. */
  furthestStep: number;
  completedAt: string | null;
};

export const lessonProgressBody = z.strictObject({
  /** The step now open (1 … totalSteps). */
  activeStep: z.number().int().min(1).max(1000),
  /** True when the person finished the last step. */
  completed: z.boolean().optional(),
});
export type LessonProgressBody = z.infer<typeof lessonProgressBody>;

/**
 * The next stored place: the open step moves freely (back and forth), the furthest step only grows,
 * and the course counts as finished from the first time the last step is finished (never un-finished).
 * Returns a reason instead when the step is outside the course.
 */
export function advanceProgress(
  course: CourseInfo,
  previous: CourseProgress | null,
  body: LessonProgressBody,
  now: string,
): CourseProgress | { refused: string } {
  if (body.activeStep > course.totalSteps) {
    return { refused: `This lesson has ${course.totalSteps} steps.` };
  }
  if (body.completed && body.activeStep !== course.totalSteps) {
    return { refused: 'A lesson is finished on its last step.' };
  }
  const furthestStep = Math.max(previous?.furthestStep ?? 0, body.activeStep);
  const completedAt = previous?.completedAt ?? (body.completed ? now : null);
  return { activeStep: body.activeStep, furthestStep, completedAt };
}
