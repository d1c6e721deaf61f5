/** Answers of the lessons module: each person's place in each lesson, and who has read them. */
import { z } from 'zod';
import { COURSE_CATEGORIES } from '../lessons.js';

export const courseStateSchema = z.object({
  id: z.string(),
  slug: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  length: z.number().describe('Reading time in minutes'),
  totalSteps: z.number(),
  activeStep: z.number().describe('The step to open (1 when never started)'),
  furthestStep: z.number(),
  completedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CourseState = z.infer<typeof courseStateSchema>;

export const lessonsAnswer = z.object({ courses: z.array(courseStateSchema) });
export type LessonsAnswer = z.infer<typeof lessonsAnswer>;

export const lessonProgressAnswer = z.object({ course: courseStateSchema });
export type LessonProgressAnswer = z.infer<typeof lessonProgressAnswer>;

export const memberLessonsSchema = z.object({
  memberId: z.string(),
  displayName: z.string(),
  roles: z.array(z.number()),
  courses: z.array(z.object({ courseId: z.string(), totalSteps: z.number(), furthestStep: z.number(), completedAt: z.string().nullable() })),
});
export type MemberLessons = z.infer<typeof memberLessonsSchema>;

export const estateLessonsAnswer = z.object({ members: z.array(memberLessonsSchema) });
export type EstateLessonsAnswer = z.infer<typeof estateLessonsAnswer>;
