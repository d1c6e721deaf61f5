/** Answers of the members module (`GET /api/estates/:eid/members`). */
import { z } from 'zod';
import { memberSchema } from './estate.js';

export const membersAnswer = z.object({ members: z.array(memberSchema) });
export type MembersAnswer = z.infer<typeof membersAnswer>;
