/**
 * Lessons: each person's place in each course (resumable on any device), and, for an estate's
 * trustees and observers, who among its members has finished them. The text is the web's
 * (content/lessons.*.json); the server knows only the courses' shape (`@estate/domain/lessons`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { advanceProgress, COURSES, courseById, type CourseInfo, type LessonProgressBody } from '@estate/domain/lessons';
import { lessonProgress, memberships, users } from '../../db/schema.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { inEstate } from '../../platform/tenancy.js';

export type CourseState = CourseInfo & {
  /** The step to open (1 when never started). */
  activeStep: number;
  furthestStep: number;
  completedAt: string | null;
  /** When the person last moved in it (the seed's `updated`). */
  updatedAt: string | null;
};

type Row = typeof lessonProgress.$inferSelect;

function stateOf(course: CourseInfo, row: Row | undefined): CourseState {
  return {
    ...course,
    activeStep: Math.min(row?.activeStep ?? 1, course.totalSteps),
    furthestStep: Math.min(row?.furthestStep ?? 0, course.totalSteps),
    completedAt: row?.completedAt?.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listCourses(ctx: AppContext, user: UserRow): Promise<CourseState[]> {
  const rows = await ctx.db.select().from(lessonProgress).where(eq(lessonProgress.userId, user.id));
  return COURSES.map((course) => stateOf(course, rows.find((r) => r.courseId === course.id)));
}

export async function saveProgress(ctx: AppContext, user: UserRow, courseId: string, body: LessonProgressBody): Promise<CourseState> {
  const course = courseById(courseId);
  if (!course) throw notFound('That lesson');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.courseId, course.id)))
      .for('update');
    const next = advanceProgress(
      course,
      previous ? { activeStep: previous.activeStep, furthestStep: previous.furthestStep, completedAt: previous.completedAt?.toISOString() ?? null } : null,
      body,
      now.toISOString(),
    );
    if ('refused' in next) throw new AppError('validation_failed', next.refused, { activeStep: next.refused });
    const values = {
      activeStep: next.activeStep,
      furthestStep: next.furthestStep,
      completedAt: next.completedAt ? new Date(next.completedAt) : null,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(lessonProgress)
      .values({ userId: user.id, courseId: course.id, ...values })
      .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.courseId], set: values })
      .returning();
    return stateOf(course, row);
  });
}

export type MemberLessons = {
  memberId: string;
  displayName: string;
  roles: number[];
  courses: { courseId: string; totalSteps: number; furthestStep: number; completedAt: string | null }[];
};

/** Every member of the estate with their place in each course: two queries. */
export async function estateProgress(ctx: AppContext, estateId: string): Promise<MemberLessons[]> {
  const members = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId))
    .orderBy(asc(users.firstName), asc(users.lastName));
  const ids = members.map((m) => m.id);
  const rows = ids.length ? await ctx.db.select().from(lessonProgress).where(inArray(lessonProgress.userId, ids)) : [];
  return members.map((m) => ({
    memberId: m.id,
    displayName: `${m.firstName} ${m.lastName}`.trim(),
    roles: m.roles,
    courses: COURSES.map((course) => {
      const row = rows.find((r) => r.userId === m.id && r.courseId === course.id);
      return {
        courseId: course.id,
        totalSteps: course.totalSteps,
        furthestStep: Math.min(row?.furthestStep ?? 0, course.totalSteps),
        completedAt: row?.completedAt?.toISOString() ?? null,
      };
    }),
  }));
}
