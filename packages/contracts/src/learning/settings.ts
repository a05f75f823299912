import { z } from 'zod';
import { text } from '../primitives';
import type { ContentActivityKind } from './kinds';

// ---------------------------------------------------------------------------------------------------
// Activity settings and completion modes

/**
 * How a content activity that is not media nor SCORM completes, chosen by its author (see
 * docs/completion.md): `view` once its viewer really loaded, `download` once the file was served,
 * `last_page` once the last page was shown, `time` after `minSeconds` with the activity visible, counted
 * by the server from the heartbeats it receives.
 */
export const completionModes = ['view', 'download', 'last_page', 'time'] as const;
export const completionMode = z.enum(completionModes);
export type CompletionMode = z.infer<typeof completionMode>;

/** The modes each kind offers, its default first. Media kinds complete on the watched share, SCORM on its data. */
export const completionModesByKind: Partial<Record<ContentActivityKind, readonly CompletionMode[]>> = {
  pdf: ['last_page', 'time', 'download'],
  html: ['view', 'time'],
  ppt: ['download', 'time'],
  flash: ['download'],
  slideshare: ['view', 'time'],
  file: ['download', 'view', 'time'],
};
/** Seconds of `time` mode when the author sets none. */
export const DEFAULT_MIN_SECONDS = 60;

/** The seconds an activity in `time` mode must be visible: the author's, else DEFAULT_MIN_SECONDS. */
export function minSecondsOf(settings: { minSeconds?: unknown }): number {
  const s = settings.minSeconds;
  return typeof s === 'number' && Number.isFinite(s) ? s : DEFAULT_MIN_SECONDS;
}

export function completionModeOf(kind: string, settings: { completion?: unknown }): CompletionMode | null {
  const modes = completionModesByKind[kind as ContentActivityKind];
  if (!modes) return null;
  const chosen = settings.completion as CompletionMode | undefined;
  return chosen && modes.includes(chosen) ? chosen : modes[0]!;
}

const settingFields = {
  /** youtube: the video id (11 chars) or a watch / youtu.be URL; vimeo: the numeric id or URL. */
  videoId: text().trim().max(200).optional(),
  /** wowza: the HLS URL (https://…/playlist.m3u8), or empty with an uploaded HLS folder zip. */
  streamUrl: text().trim().max(2_000).optional(),
  /** slideshare: the embed URL or the presentation URL. */
  embedUrl: text().trim().max(2_000).optional(),
  /** Media kinds: share 0..1 to watch for completion (default 0.9). */
  completionThreshold: z.number().min(0.1).max(1).optional(),
  durationSeconds: z.number().int().min(1).max(86_400).optional(),
  /** pdf: learned from the upload; the author may set it. */
  pageCount: z.number().int().min(1).max(10_000).optional(),
  /** How the activity completes (per kind: completionModesByKind; unset = the kind's default). */
  completion: completionMode.optional(),
  /** `time` mode: seconds the activity must be visible (default DEFAULT_MIN_SECONDS). */
  minSeconds: z.number().int().min(10).max(14_400).optional(),
  /** scorm: attempts a learner may make (0 or unset: no limit). */
  maxAttempts: z.number().int().min(0).max(100).optional(),
  /** scorm: whether a new attempt may start after one that finished the activity (default no: review). */
  retakeAfterPass: z.boolean().optional(),
};

/**
 * The settings as stored and as the back office reads them: every kind's fields, all optional (rows
 * written before the settings were typed per kind may carry another kind's).
 */
export const activitySettings = z.object(settingFields);
export type ActivitySettings = z.infer<typeof activitySettings>;

const notOffered = 'completion mode not offered for this kind';

/** Completion fields of a kind that offers modes: the mode must be one the kind offers. */
function withCompletion<T extends z.ZodRawShape>(kind: keyof typeof completionModesByKind, shape: T) {
  const modes = completionModesByKind[kind]!;
  return z
    .object({ ...shape, completion: settingFields.completion, minSeconds: settingFields.minSeconds })
    .superRefine((settings, ctx) => {
      const chosen = (settings as { completion?: CompletionMode }).completion;
      if (chosen && !modes.includes(chosen))
        ctx.addIssue({ code: 'custom', path: ['completion'], message: notOffered });
    });
}

/** Media kinds complete on the watched share: no completion mode. */
const mediaFields = {
  completionThreshold: settingFields.completionThreshold,
  durationSeconds: settingFields.durationSeconds,
  completion: z.never({ error: notOffered }).optional(),
};

/**
 * What each content kind's settings take (files of pdf, video, audio, scorm, html, flash, ppt and file
 * are uploaded apart). Fields of another kind are dropped; a completion mode the kind does not offer is
 * refused. Kinds to come (tests, games) add their member here and in `activityBody`.
 */
export const activitySettingsByKind = {
  pdf: withCompletion('pdf', { pageCount: settingFields.pageCount }),
  video: z.object(mediaFields),
  audio: z.object(mediaFields),
  youtube: z.object({ videoId: settingFields.videoId, ...mediaFields }),
  vimeo: z.object({ videoId: settingFields.videoId, ...mediaFields }),
  wowza: z.object({ streamUrl: settingFields.streamUrl, ...mediaFields }),
  /** SCORM completes on its runtime data. */
  scorm: z.object({
    completion: mediaFields.completion,
    maxAttempts: settingFields.maxAttempts,
    retakeAfterPass: settingFields.retakeAfterPass,
  }),
  html: withCompletion('html', {}),
  flash: withCompletion('flash', {}),
  ppt: withCompletion('ppt', {}),
  slideshare: withCompletion('slideshare', { embedUrl: settingFields.embedUrl }),
  file: withCompletion('file', {}),
} satisfies Record<ContentActivityKind, z.ZodType>;

/** The settings of one content kind, as sent (`ActivitySettingsInput`) and as validated. */
export type ActivitySettingsOf<K extends ContentActivityKind> = z.output<(typeof activitySettingsByKind)[K]>;
export type ActivitySettingsInput<K extends ContentActivityKind> = z.input<
  (typeof activitySettingsByKind)[K]
>;
