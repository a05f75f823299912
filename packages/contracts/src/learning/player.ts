import { z } from 'zod';
import { activityProgress, courseModule, lockInfo, progressSummary, trailRef } from './catalog';
import { id } from './ids';
import { activityKind, fileGroup } from './kinds';
import { completionMode } from './settings';
import { testActivityKind } from './test-settings';

// ---------------------------------------------------------------------------------------------------
// Player

/** A watched interval in media seconds, [start, end]. */
export const watchedInterval = z.tuple([z.number().min(0), z.number().min(0)]);
export type WatchedInterval = z.infer<typeof watchedInterval>;

const mediaState = {
  /** Share (0..1) of the media that must be watched to complete (activity setting, default 0.9). */
  completionThreshold: z.number().min(0).max(1),
  /** Where to resume, in seconds. */
  resumePosition: z.number().min(0),
  /** Union of what the learner watched so far. */
  watchedIntervals: z.array(watchedInterval),
  /** Known duration in seconds (from authoring or the first report), null when unknown. */
  durationSeconds: z.number().nullable(),
};

export const pdfContent = z.object({
  kind: z.literal('pdf'),
  url: z.string(),
  pageCount: z.number().int().nullable(),
  /** Last page shown, to resume at (1-based). */
  resumePage: z.number().int().min(1),
});
export const videoContent = z.object({
  kind: z.literal('video'),
  url: z.string(),
  mime: z.string(),
  ...mediaState,
});
export const audioContent = z.object({
  kind: z.literal('audio'),
  url: z.string(),
  mime: z.string(),
  ...mediaState,
});
export const youtubeContent = z.object({ kind: z.literal('youtube'), videoId: z.string(), ...mediaState });
export const vimeoContent = z.object({ kind: z.literal('vimeo'), videoId: z.string(), ...mediaState });
/** A streaming-server (Wowza) HLS stream; `hlsUrl` ends in .m3u8. */
export const wowzaContent = z.object({ kind: z.literal('wowza'), hlsUrl: z.string(), ...mediaState });

/** The SCORM runtime data, flattened: `{ 'cmi.core.lesson_status': 'incomplete', … }`. */
export const flatCmi = z.record(z.string().max(255), z.string().max(65_536));
export type FlatCmi = z.infer<typeof flatCmi>;

export const scormContent = z.object({
  kind: z.literal('scorm'),
  version: z.enum(['1.2', '2004']),
  /** Load in an iframe (sandbox="allow-scripts allow-same-origin allow-forms"). */
  launchUrl: z.string(),
  /**
   * Saved runtime data to initialize the runtime with (what the content wrote before, suspend data
   * and location included) plus the LMS-supplied values: learner id and name, entry, credit, mode,
   * launch data and mastery / passing score.
   */
  cmi: flatCmi,
  /**
   * `cmi.entry` / `cmi.core.entry`: 'resume' only after a suspend (or a session that never ended),
   * 'ab-initio' for a new attempt, '' for a review or a SCORM 1.2 lesson reopened after a normal exit.
   */
  entry: z.enum(['ab-initio', 'resume', '']),
  /** The attempt this launch belongs to; the player names it in every commit. */
  attempt: z.number().int().min(1),
  /** 'review': the last attempt is over and no other may start; the runtime records nothing. */
  mode: z.enum(['normal', 'review']),
  /** Attempts the author allows (null: no limit). */
  maxAttempts: z.number().int().min(1).nullable(),
});
export const htmlContent = z.object({ kind: z.literal('html'), url: z.string() });
/** Flash cannot play in a browser: the web shows "not supported" and a download link. */
export const flashContent = z.object({
  kind: z.literal('flash'),
  supported: z.literal(false),
  downloadUrl: z.string().nullable(),
  fileName: z.string().nullable(),
});
const fileFields = {
  /** Preview address (images, pdf, media shown inline). */
  url: z.string(),
  /** Download through the API (with the session's token): the server counts it. */
  downloadUrl: z.string(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  fileGroup,
};
export const pptContent = z.object({ kind: z.literal('ppt'), ...fileFields });
export const slideshareContent = z.object({ kind: z.literal('slideshare'), embedUrl: z.string() });
/** A library-type file: the web previews images / pdf / media by `fileGroup`, otherwise downloads. */
export const fileContent = z.object({ kind: z.literal('file'), ...fileFields });
/**
 * A test or quiz: the player asks `GET /api/learning/activities/:id/attempts` for the learner's attempts
 * and starts or resumes one with `POST` (packages/contracts/src/assessments/attempts.ts).
 */
export const testContent = z.object({
  kind: z.literal('test'),
  activityKind: testActivityKind,
  questionCount: z.number().int(),
  passMark: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  timeLimitMinutes: z.number().int().nullable(),
});
/**
 * A reaction evaluation: the player asks `GET /api/learning/activities/:id/reaction` for its questions
 * and sends the answers with `POST` (packages/contracts/src/learning/reactions.ts).
 */
export const reactionContent = z.object({
  kind: z.literal('reaction'),
  questionCount: z.number().int(),
});
/** Webinar, live class and event kinds: not playable here. */
export const unsupportedContent = z.object({ kind: z.literal('unsupported'), activityKind });

export const playerContent = z.discriminatedUnion('kind', [
  pdfContent,
  videoContent,
  audioContent,
  youtubeContent,
  vimeoContent,
  wowzaContent,
  scormContent,
  htmlContent,
  flashContent,
  pptContent,
  slideshareContent,
  fileContent,
  unsupportedContent,
  testContent,
  reactionContent,
]);
export type PlayerContent = z.infer<typeof playerContent>;

export const playerNeighbour = z.object({
  hierarchyOrder: z.string(),
  title: z.string(),
  locked: z.boolean(),
});

/**
 * GET /api/learning/courses/:id/activities/:order and the trail variant. A locked activity answers
 * 200 with `content: null` and its `lock` (the web shows why); `menu` is the whole course.
 */
export const playerPayload = z.object({
  course: z.object({ id, title: z.string(), progress: progressSummary }),
  trail: trailRef.nullable(),
  activity: z.object({
    id,
    hierarchyOrder: z.string(),
    title: z.string(),
    description: z.string(),
    kind: activityKind,
    lock: lockInfo,
    progress: activityProgress,
    /** Always false: no activity completes on the learner's word (kept for older clients). */
    canMarkDone: z.boolean(),
    /** How this activity completes (null for media and SCORM, ruled by their own data). */
    completion: z
      .object({ mode: completionMode, minSeconds: z.number().int().nullable() })
      .nullable()
      .default(null),
  }),
  content: playerContent.nullable(),
  menu: z.array(courseModule),
  previous: playerNeighbour.nullable(),
  next: playerNeighbour.nullable(),
});
export type PlayerPayload = z.infer<typeof playerPayload>;
