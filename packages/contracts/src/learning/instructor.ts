import { z } from 'zod';
import { serialId } from '../primitives';
import { id, positiveId } from './ids';

// ---------------------------------------------------------------------------------------------------
// Instructor authorization

export const authorizeBody = z.object({ userId: serialId() });
export type AuthorizeBody = z.infer<typeof authorizeBody>;
export const activityAuthorization = z.object({
  userId: id,
  fullName: z.string(),
  authorizedAt: z.string(),
  authorizedBy: z.string(),
});
export const activityAuthorizationList = z.object({
  activityId: id,
  requiresAuthorization: z.boolean(),
  items: z.array(activityAuthorization),
});
export type ActivityAuthorizationList = z.infer<typeof activityAuthorizationList>;
export const authorizationParams = z.object({ id: positiveId, userId: positiveId });
