import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { lessonProgressBody } from '@estate/domain/lessons';
import { estateLessonsAnswer, lessonProgressAnswer, lessonsAnswer } from '@estate/domain/schemas/lessons';
import type { AppContext } from '../../platform/context.js';
import { caller, estateAccess } from '../../platform/route-access.js';
import { errorResponses, estateParams, router } from '../../platform/http.js';
import * as lessons from './service.js';

const courseParams = z.strictObject({ courseId: z.string().min(1).max(80) });

export function lessonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = router(app);

  r.get('/api/lessons', {
    config: { action: 'account' },
    schema: {
      tags: ['lessons'],
      summary: "The lessons with the caller's place in each",
      response: { 200: lessonsAnswer, ...errorResponses(401, 403) },
    },
    handler: async (req) => ({ courses: await lessons.listCourses(ctx, caller(req)) }),
  });

  r.put('/api/lessons/:courseId/progress', {
    config: { action: 'account' },
    schema: {
      tags: ['lessons'],
      summary: "Keeps the caller's place in a lesson (and that they finished it)",
      params: courseParams,
      body: lessonProgressBody,
      response: { 200: lessonProgressAnswer, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ course: await lessons.saveProgress(ctx, caller(req), req.params.courseId, req.body) }),
  });

  r.get('/api/estates/:eid/lessons/progress', {
    config: { action: 'lesson.progressAll' },
    schema: {
      tags: ['lessons'],
      summary: "Every member's place in each lesson (trustees and observers)",
      params: estateParams,
      response: { 200: estateLessonsAnswer, ...errorResponses(401, 403, 404) },
    },
    handler: async (req) => ({ members: await lessons.estateProgress(ctx, estateAccess(req).estate.id) }),
  });
}
