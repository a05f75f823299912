import { z } from 'zod';
import { nulTolerant, serialIdParam } from '../primitives';
import { activityProgress, progressSummary } from './catalog';
import { flatCmi, watchedInterval } from './player';

// ---------------------------------------------------------------------------------------------------
// Progress reports

/**
 * POST /api/learning/activities/:id/progress — what the player reports. The server decides completion:
 * - `media` (video, audio, youtube, vimeo, wowza): intervals watched since the last report; complete
 *   when the union of all intervals reaches the activity's threshold of `duration`. `position` is only
 *   where to resume; seeking to the end completes nothing.
 * - `pdf`: the page shown; complete when it is the last page (`last_page` mode).
 * - `open`: the activity was opened: starts the server's clock, completes nothing.
 * - `loaded`: its viewer signalled that the content loaded (completes in `view` mode).
 * - `heartbeat`: the activity is visible; the server counts the time between heartbeats (`time` mode).
 * - `done`: refused (400): nothing completes on the learner's word.
 * Downloads are counted by the server when it serves the file (`download` mode).
 */
export const activityProgressBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('media'),
    intervals: z.array(watchedInterval).max(500),
    position: z.number().min(0),
    duration: z.number().min(0),
  }),
  z.object({
    type: z.literal('pdf'),
    page: z.number().int().min(1),
    pageCount: z.number().int().min(1),
  }),
  z.object({ type: z.literal('open') }),
  z.object({ type: z.literal('loaded') }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('done') }),
]);
export type ActivityProgressBody = z.infer<typeof activityProgressBody>;

/**
 * Query of the progress and SCORM commit routes: the trail the course was opened in, when it was (its
 * audience, enrollment and order then apply).
 */
export const progressQuery = z.object({ trailId: serialIdParam().optional() });
export type ProgressQuery = z.input<typeof progressQuery>;

/** POST /api/learning/activities/:id/scorm/commit — a runtime commit (terminate: LMSFinish / Terminate). */
export const scormCommitBody = z.object({
  cmi: flatCmi.refine((v) => Object.keys(v).length <= 2_000, 'too many elements'),
  terminate: z.boolean().default(false),
  /** The attempt the data belongs to (the launch's `attempt`); unset: the learner's current one. */
  attempt: z.number().int().min(1).max(10_000).optional(),
});
export type ScormCommitBody = z.input<typeof scormCommitBody>;
// Packages may put any character in their data; the server stores NUL escaped (scorm-storage.ts).
nulTolerant.add(scormCommitBody, { fields: ['cmi'] });

/** Answer of the progress and SCORM commit routes. */
export const progressResponse = z.object({
  activity: activityProgress.extend({
    /** Watched share 0..1 for media kinds, null otherwise. */
    watchedShare: z.number().nullable(),
    resumePosition: z.number().nullable(),
    resumePage: z.number().int().nullable(),
  }),
  course: progressSummary,
  /** Activities that this report unlocked (hierarchy orders), so the menu can refresh. */
  unlocked: z.array(z.string()),
});
export type ProgressResponse = z.infer<typeof progressResponse>;
