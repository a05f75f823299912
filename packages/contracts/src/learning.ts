import { z } from 'zod';
import { isSerialIdList, nulTolerant, serialId, serialIdParam, text } from './primitives';
import { roleName } from './session';

/**
 * Learning API: online courses, trails, enrollment, progress, the activity player, the public portfolio
 * and the learning back office. Every learner route needs a session and a selected client; every list,
 * detail, player payload and file is scoped to that client and to the audiences (areas, groups,
 * countries, profiles) the content is limited to: content out of scope answers 404, never 403.
 *
 * Routes (all JSON unless noted; `:order` is a hierarchy order like `1.2`):
 *
 * Learner
 *   GET    /api/learning/filters                                     → learningFilterOptions
 *   GET    /api/learning/courses?…courseListQuery                     → courseListPage
 *   GET    /api/learning/courses/:id                                  → courseDetail
 *   PUT    /api/learning/courses/:id/favorite      favoriteBody       → favoriteResponse
 *   POST   /api/learning/courses/:id/enrollment                       → enrollmentResponse
 *   DELETE /api/learning/courses/:id/enrollment                       → enrollmentResponse
 *   GET    /api/learning/courses/:id/activities/:order                → playerPayload
 *   GET    /api/learning/trails?…trailListQuery                       → trailListPage
 *   GET    /api/learning/trails/:id                                   → trailDetail
 *   PUT    /api/learning/trails/:id/favorite       favoriteBody       → favoriteResponse
 *   POST   /api/learning/trails/:id/enrollment                        → enrollmentResponse
 *   DELETE /api/learning/trails/:id/enrollment                        → enrollmentResponse
 *   GET    /api/learning/trails/:trailId/courses/:id                  → courseDetail (with `trail`)
 *   GET    /api/learning/trails/:trailId/courses/:id/activities/:order → playerPayload (with `trail`)
 *   POST   /api/learning/activities/:id/progress?trailId   activityProgressBody → progressResponse
 *   POST   /api/learning/activities/:id/scorm/commit?trailId scormCommitBody  → progressResponse
 *   GET    /api/learning/content/:token/*  (file bytes: Range, signed URL from the player payload;
 *          html and SCORM are served with `Content-Security-Policy: sandbox allow-scripts
 *          allow-same-origin allow-forms`)
 *
 * Instructor (role instructor, manager, program_admin, or superuser)
 *   GET    /api/learning/activities/:id/authorizations                → activityAuthorizationList
 *   POST   /api/learning/activities/:id/authorizations authorizeBody  → activityAuthorizationList
 *   DELETE /api/learning/activities/:id/authorizations/:userId        → activityAuthorizationList
 *
 * Public (no session; only when the site's login config `portfolio` is on)
 *   GET    /api/public/portfolio?page&pageSize&search                 → portfolioPage
 *   GET    /api/public/portfolio/courses/:slug   (id after `-id-`)    → portfolioCourse
 *   GET    /api/public/about-team                                     → aboutTeam
 *
 * Back office (role manager or superuser; every route checks the role in the selected client)
 *   GET    /api/admin/learning/taxonomy                               → learningTaxonomy
 *   POST   /api/admin/learning/taxonomy/:kind      taxonomyBody       → taxonomyItem
 *   PUT    /api/admin/learning/users/:userId/audience userAudienceBody → userAudience
 *   GET    /api/admin/learning/courses?…adminCourseListQuery           → adminCourseListPage
 *   POST   /api/admin/learning/courses             courseBody         → adminCourse
 *   GET    /api/admin/learning/courses/:id                            → adminCourse
 *   PUT    /api/admin/learning/courses/:id         courseBody         → adminCourse
 *   POST   /api/admin/learning/courses/:id/cover   (multipart `file`, image) → adminCourse
 *   PUT    /api/admin/learning/courses/:id/publish publishBody        → adminCourse
 *   PUT    /api/admin/learning/courses/:id/audience audienceBody      → adminCourse
 *   POST   /api/admin/learning/courses/:id/modules moduleBody         → adminCourse
 *   PUT    /api/admin/learning/modules/:id         moduleBody         → adminCourse
 *   DELETE /api/admin/learning/modules/:id                            → adminCourse
 *   POST   /api/admin/learning/modules/:id/activities activityBody    → adminCourse
 *   PUT    /api/admin/learning/activities/:id      activityBody       → adminCourse
 *   DELETE /api/admin/learning/activities/:id                         → adminCourse
 *   POST   /api/admin/learning/activities/:id/file (multipart `file`; SCORM zip for kind scorm) → adminCourse
 *   GET    /api/admin/learning/courses/:id/enrollments?page&pageSize&search → enrollmentPage
 *   POST   /api/admin/learning/courses/:id/enrollments enrollUsersBody → enrollUsersResponse
 *   DELETE /api/admin/learning/courses/:id/enrollments/:userId        → okResponse (auth.ts)
 *   GET    /api/admin/learning/courses/:id/report?page&pageSize&search → courseReportPage
 *   GET    /api/admin/learning/courses/:id/report.csv                 (text/csv, UTF-8 with BOM)
 *   GET    /api/admin/learning/trails                                 → adminTrailListPage
 *   POST   /api/admin/learning/trails              trailBody          → adminTrail
 *   GET    /api/admin/learning/trails/:id                             → adminTrail
 *   PUT    /api/admin/learning/trails/:id          trailBody          → adminTrail
 *   PUT    /api/admin/learning/trails/:id/items    trailItemsBody     → adminTrail
 *   POST   /api/admin/learning/trails/:id/cover    (multipart `file`, image) → adminTrail
 *   PUT    /api/admin/learning/trails/:id/publish  publishBody        → adminTrail
 *   PUT    /api/admin/learning/trails/:id/audience audienceBody       → adminTrail
 */

// ---------------------------------------------------------------------------------------------------
// Shared enums

/** Every activity type of the spec, mapped to the player kind that shows it. */
export const activityKinds = [
  'pdf',
  'video',
  'audio',
  'youtube',
  'vimeo',
  'wowza',
  'scorm',
  'html',
  'flash',
  'ppt',
  'slideshare',
  'file',
  'conventional_test',
  'block_test',
  'restart_test',
  'evaluated_quiz',
  'unevaluated_quiz',
  'block_general_test',
  'restart_general_test',
  'reaction_evaluation',
  'webinar',
  'live_class',
  'presential_event',
] as const;
export const activityKind = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof activityKind>;

/** The kinds the player and the back office handle today (tests, quizzes and events come later). */
export const contentActivityKinds = [
  'pdf',
  'video',
  'audio',
  'youtube',
  'vimeo',
  'wowza',
  'scorm',
  'html',
  'flash',
  'ppt',
  'slideshare',
  'file',
] as const;
export const contentActivityKind = z.enum(contentActivityKinds);
export type ContentActivityKind = z.infer<typeof contentActivityKind>;

/** Kinds whose completion is the watched share of the media (union of watched intervals). */
export const mediaActivityKinds = ['video', 'audio', 'youtube', 'vimeo', 'wowza'] as const;
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

/** File extension groups of spec section 3 (library-type files). */
export const fileGroups = [
  'video',
  'audio',
  'pdf',
  'image',
  'compressed',
  'excel',
  'document',
  'powerpoint',
] as const;
export const fileGroup = z.enum(fileGroups);
export type FileGroup = z.infer<typeof fileGroup>;

/** Progress of an activity, course or trail (course statuses: docs/product-rules.md, "Learning"). */
export const progressStatuses = [
  'not_started',
  'in_progress',
  'finished',
  'approved',
  'reproved',
  'blocked',
  'restarted',
  'improved',
] as const;
export const progressStatus = z.enum(progressStatuses);
export type ProgressStatus = z.infer<typeof progressStatus>;

/**
 * Why a course, trail or activity cannot be opened:
 * - `enrollment_required`: the content needs enrollment first;
 * - `prerequisite`: another course must be finished first (`prerequisites` lists which);
 * - `previous_activities`: the activities before it in its module must be done first;
 * - `awaiting_authorization`: an instructor must authorize the user for this activity.
 */
export const lockReasons = [
  'enrollment_required',
  'prerequisite',
  'previous_activities',
  'awaiting_authorization',
] as const;
export const lockReason = z.enum(lockReasons);
export type LockReason = z.infer<typeof lockReason>;

/**
 * `open`: anyone in the audience may start it (starting enrolls); `enrollment`: the learner enrolls
 * first (self-service); `assigned`: only a manager enrolls learners.
 */
export const subscriptionModes = ['open', 'enrollment', 'assigned'] as const;
export const subscriptionMode = z.enum(subscriptionModes);
export type SubscriptionMode = z.infer<typeof subscriptionMode>;

export const enrollmentStates = ['not_enrolled', 'enrolled'] as const;
export const enrollmentState = z.enum(enrollmentStates);
export type EnrollmentState = z.infer<typeof enrollmentState>;

/** What a trail is a sequence of; only `course` is built today, the model takes the others. */
export const trailItemKinds = ['course', 'presential_catalog', 'webinar', 'live_class'] as const;
export const trailItemKind = z.enum(trailItemKinds);
export type TrailItemKind = z.infer<typeof trailItemKind>;

export const hierarchyOrder = text().regex(/^\d+\.\d+$/, 'LEARNING_INVALID_HIERARCHY_ORDER');

const id = z.number().int();
const positiveId = serialIdParam();
export const idParams = z.object({ id: positiveId });
export type IdParams = z.infer<typeof idParams>;

// ---------------------------------------------------------------------------------------------------
// List filters (spec section 3 "List filters"; every filter defaults to `all`)

/** `all`, or a comma-separated list of ids in the query string (`selected_tags=3,7`). */
const idSelection = text()
  .regex(/^(all|\d+(,\d+)*)$/)
  .refine((v) => v === 'all' || isSerialIdList(v), 'an id is out of range')
  .default('all')
  .transform((v): number[] | 'all' => (v === 'all' ? 'all' : v.split(',').map((part) => Number(part))));

export const favoriteFilter = z.enum(['all', 'favorites']);
export const progressFilter = z.enum(['all', 'not_started', 'in_progress', 'finished']);
/** `subscribed` / `not_subscribed`: the caller's own enrollment state. */
export const subscriptionFilter = z.enum(['all', 'subscribed', 'not_subscribed']);

const listFilters = {
  favorite: favoriteFilter.default('all'),
  progress: progressFilter.default('all'),
  search: text().trim().max(100).default(''),
  selected_areas: idSelection,
  selected_groups: idSelection,
  selected_tags: idSelection,
  subscription_type: subscriptionFilter.default('all'),
  selected_categories: idSelection,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
};

/** GET /api/learning/courses */
export const courseListQuery = z.object(listFilters);
export type CourseListQuery = z.input<typeof courseListQuery>;
export type CourseListFilters = z.output<typeof courseListQuery>;

/** GET /api/learning/trails */
export const trailListQuery = z.object(listFilters);
export type TrailListQuery = z.input<typeof trailListQuery>;

export const namedItem = z.object({ id, name: z.string() });
export type NamedItem = z.infer<typeof namedItem>;

/** GET /api/learning/filters — the choices of the list filters, in the caller's client. */
export const learningFilterOptions = z.object({
  areas: z.array(namedItem),
  groups: z.array(namedItem),
  tags: z.array(namedItem),
  categories: z.array(namedItem),
});
export type LearningFilterOptions = z.infer<typeof learningFilterOptions>;

// ---------------------------------------------------------------------------------------------------
// Progress and locks

export const progressSummary = z.object({
  status: progressStatus,
  /** 0..100, whole number. */
  percent: z.number().int().min(0).max(100),
  completedActivities: z.number().int(),
  totalActivities: z.number().int(),
});
export type ProgressSummary = z.infer<typeof progressSummary>;

export const prerequisiteRef = z.object({ id, title: z.string(), finished: z.boolean() });
export type PrerequisiteRef = z.infer<typeof prerequisiteRef>;

export const lockInfo = z.object({
  locked: z.boolean(),
  /** The first reason that applies, null when not locked. */
  reason: lockReason.nullable(),
  /** For `prerequisite`: the courses to finish first. */
  prerequisites: z.array(prerequisiteRef),
});
export type LockInfo = z.infer<typeof lockInfo>;

export const enrollmentInfo = z.object({
  state: enrollmentState,
  mode: subscriptionMode,
  /** The learner may enroll / unenroll by themselves (assigned enrollments are the manager's). */
  canEnroll: z.boolean(),
  canUnenroll: z.boolean(),
  enrolledAt: z.string().nullable(),
});
export type EnrollmentInfo = z.infer<typeof enrollmentInfo>;

// ---------------------------------------------------------------------------------------------------
// Course list and detail

/** One card of GET /api/learning/courses. */
export const courseListItem = z.object({
  id,
  title: z.string(),
  description: z.string(),
  /** Signed, cacheable URL of the cover (or null: the web shows its placeholder). */
  coverUrl: z.string().nullable(),
  workloadMinutes: z.number().int().nullable(),
  category: namedItem.nullable(),
  tags: z.array(namedItem),
  favorite: z.boolean(),
  enrollment: enrollmentInfo,
  progress: progressSummary,
  lock: lockInfo,
});
export type CourseListItem = z.infer<typeof courseListItem>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** GET /api/learning/courses — `counts` are over the filtered list (before paging). */
export const courseListPage = pageOf(courseListItem).extend({
  counts: z.object({
    notStarted: z.number().int(),
    inProgress: z.number().int(),
    finished: z.number().int(),
  }),
});
export type CourseListPage = z.infer<typeof courseListPage>;

export const activityProgress = z.object({
  status: progressStatus,
  percent: z.number().int().min(0).max(100),
  /** SCORM success (passed / failed) and score 0..100, when the content reports them. */
  success: z.enum(['passed', 'failed']).nullable(),
  score: z.number().nullable(),
  completedAt: z.string().nullable(),
});
export type ActivityProgress = z.infer<typeof activityProgress>;

/** An activity in the course detail and the player menu. */
export const activityMenuItem = z.object({
  id,
  hierarchyOrder: z.string(),
  title: z.string(),
  kind: activityKind,
  /** For kind `file`: the extension group of the file. */
  fileGroup: fileGroup.nullable(),
  durationSeconds: z.number().int().nullable(),
  lock: lockInfo,
  progress: activityProgress,
});
export type ActivityMenuItem = z.infer<typeof activityMenuItem>;

export const courseModule = z.object({
  id,
  /** 1-based position, the first part of the hierarchy order. */
  position: z.number().int(),
  title: z.string(),
  activities: z.array(activityMenuItem),
});
export type CourseModule = z.infer<typeof courseModule>;

export const trailRef = z.object({ id, title: z.string() });
export type TrailRef = z.infer<typeof trailRef>;

/** GET /api/learning/courses/:id and GET /api/learning/trails/:trailId/courses/:id */
export const courseDetail = courseListItem.extend({
  /** Set when opened inside a trail. */
  trail: trailRef.nullable(),
  modules: z.array(courseModule),
  /** Where "continue" goes: the first unfinished open activity, or null. */
  resumeAt: z.string().nullable(),
  publicSlug: z.string().nullable(),
});
export type CourseDetail = z.infer<typeof courseDetail>;

/** PUT /api/learning/courses/:id/favorite and /api/learning/trails/:id/favorite */
export const favoriteBody = z.object({ favorite: z.boolean() });
export type FavoriteBody = z.infer<typeof favoriteBody>;
export const favoriteResponse = z.object({ favorite: z.boolean() });
export type FavoriteResponse = z.infer<typeof favoriteResponse>;

/** POST/DELETE /api/learning/courses/:id/enrollment and the trail variant. */
export const enrollmentResponse = z.object({ enrollment: enrollmentInfo, lock: lockInfo });
export type EnrollmentResponse = z.infer<typeof enrollmentResponse>;

// ---------------------------------------------------------------------------------------------------
// Trails

export const trailItem = z.object({
  /** 1-based position in the trail. */
  position: z.number().int(),
  kind: trailItemKind,
  itemId: id,
  title: z.string(),
  coverUrl: z.string().nullable(),
  progress: progressSummary,
  lock: lockInfo,
});
export type TrailItem = z.infer<typeof trailItem>;

/** One card of GET /api/learning/trails. */
export const trailListItem = z.object({
  id,
  title: z.string(),
  description: z.string(),
  coverUrl: z.string().nullable(),
  category: namedItem.nullable(),
  tags: z.array(namedItem),
  favorite: z.boolean(),
  enrollment: enrollmentInfo,
  /** Follows from the trail's courses. */
  progress: progressSummary,
  itemCount: z.number().int(),
});
export type TrailListItem = z.infer<typeof trailListItem>;

export const trailListPage = pageOf(trailListItem);
export type TrailListPage = z.infer<typeof trailListPage>;

/** GET /api/learning/trails/:id */
export const trailDetail = trailListItem.extend({ items: z.array(trailItem) });
export type TrailDetail = z.infer<typeof trailDetail>;

export const trailCourseParams = z.object({ trailId: positiveId, id: positiveId });
export const playerParams = z.object({ id: positiveId, order: hierarchyOrder });
export const trailPlayerParams = z.object({ trailId: positiveId, id: positiveId, order: hierarchyOrder });

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
  /** 'resume' when saved data exists (the runtime sets cmi.entry / cmi.core.entry). */
  entry: z.enum(['ab-initio', 'resume']),
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
/** Test, quiz, webinar, live class and event kinds: not playable yet. */
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

// ---------------------------------------------------------------------------------------------------
// Public portfolio

export const portfolioQuery = z.object({
  search: text().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});
export const portfolioCourseItem = z.object({
  id,
  /** `<title-slug>-id-<id>`: the page is portfolio-course/{slug}. */
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  coverUrl: z.string().nullable(),
  workloadMinutes: z.number().int().nullable(),
  category: z.string().nullable(),
  clientName: z.string(),
});
export type PortfolioCourseItem = z.infer<typeof portfolioCourseItem>;
/** GET /api/public/portfolio */
export const portfolioPage = pageOf(portfolioCourseItem);
export type PortfolioPage = z.infer<typeof portfolioPage>;
export const portfolioSlugParams = z.object({ slug: text().max(300) });
/** GET /api/public/portfolio/courses/:slug */
export const portfolioCourse = portfolioCourseItem.extend({
  modules: z.array(
    z.object({
      title: z.string(),
      activities: z.array(z.object({ hierarchyOrder: z.string(), title: z.string(), kind: activityKind })),
    }),
  ),
});
export type PortfolioCourse = z.infer<typeof portfolioCourse>;
/** GET /api/public/about-team */
export const aboutTeam = z.object({
  members: z.array(
    z.object({ name: z.string(), role: z.string(), bio: z.string(), photoUrl: z.string().nullable() }),
  ),
});
export type AboutTeam = z.infer<typeof aboutTeam>;

// ---------------------------------------------------------------------------------------------------
// Back office: taxonomy and audiences

export const taxonomyKinds = ['areas', 'groups', 'tags', 'categories'] as const;
export const taxonomyKind = z.enum(taxonomyKinds);
export type TaxonomyKind = z.infer<typeof taxonomyKind>;
/** GET /api/admin/learning/taxonomy */
export const learningTaxonomy = learningFilterOptions;
export const taxonomyParams = z.object({ kind: taxonomyKind });
/** POST /api/admin/learning/taxonomy/:kind */
export const taxonomyBody = z.object({ name: text().trim().min(1).max(120) });
export type TaxonomyBody = z.infer<typeof taxonomyBody>;
export const taxonomyItem = namedItem;

/** PUT /api/admin/learning/users/:userId/audience — the areas and groups a user belongs to. */
export const userAudienceParams = z.object({ userId: positiveId });
export const userAudienceBody = z.object({
  areaIds: z.array(serialId()).max(200),
  groupIds: z.array(serialId()).max(200),
});
export type UserAudienceBody = z.infer<typeof userAudienceBody>;
export const userAudience = userAudienceBody.extend({ userId: id });

/**
 * Who may see a course or trail. An empty list does not limit; non-empty lists must all match
 * (the user is in one of the areas AND one of the groups …). Countries by id, profiles by role name.
 */
export const audienceBody = z.object({
  areaIds: z.array(serialId()).max(200).default([]),
  groupIds: z.array(serialId()).max(200).default([]),
  countryIds: z.array(serialId()).max(200).default([]),
  roles: z.array(roleName).max(20).default([]),
});
export type AudienceBody = z.input<typeof audienceBody>;
export type Audience = z.output<typeof audienceBody>;

/** PUT …/publish */
export const publishBody = z.object({ published: z.boolean() });
export type PublishBody = z.infer<typeof publishBody>;

// ---------------------------------------------------------------------------------------------------
// Back office: courses, modules, activities

/** POST /api/admin/learning/courses and PUT /api/admin/learning/courses/:id */
export const courseBody = z.object({
  title: text().trim().min(1).max(200),
  description: text().trim().max(5_000).default(''),
  workloadMinutes: z.number().int().min(0).max(100_000).nullable().default(null),
  categoryId: serialId().nullable().default(null),
  tagIds: z.array(serialId()).max(50).default([]),
  subscriptionMode: subscriptionMode.default('open'),
  /** Courses to finish before this one opens. */
  prerequisiteIds: z.array(serialId()).max(20).default([]),
  /** Shown on the public portfolio (when the site's portfolio is on). */
  isPublic: z.boolean().default(false),
});
export type CourseBody = z.input<typeof courseBody>;

/** POST /api/admin/learning/courses/:id/modules and PUT /api/admin/learning/modules/:id */
export const moduleBody = z.object({
  title: text().trim().min(1).max(200),
  /** 1-based; omitted on create appends, on update keeps the place. */
  position: z.number().int().min(1).optional(),
});
export type ModuleBody = z.infer<typeof moduleBody>;

/** Per-kind settings of an activity; files (pdf, video, audio, scorm, html, flash, ppt, file) are uploaded apart. */
export const activitySettings = z.object({
  /** youtube: the video id (11 chars) or a watch / youtu.be URL; vimeo: the numeric id or URL. */
  videoId: text().trim().max(200).optional(),
  /** wowza: the HLS URL (https://…/playlist.m3u8), or empty with an uploaded HLS folder zip. */
  streamUrl: text().trim().max(2_000).optional(),
  /** slideshare: the embed URL or the presentation URL. */
  embedUrl: text().trim().max(2_000).optional(),
  /** Media kinds: share 0..1 to watch for completion (default 0.9). */
  completionThreshold: z.number().min(0.1).max(1).optional(),
  durationSeconds: z.number().int().min(1).max(86_400).optional(),
  pageCount: z.number().int().min(1).max(10_000).optional(),
  /** How the activity completes (per kind: completionModesByKind; unset = the kind's default). */
  completion: completionMode.optional(),
  /** `time` mode: seconds the activity must be visible (default DEFAULT_MIN_SECONDS). */
  minSeconds: z.number().int().min(10).max(14_400).optional(),
});
export type ActivitySettings = z.infer<typeof activitySettings>;

/** POST /api/admin/learning/modules/:id/activities and PUT /api/admin/learning/activities/:id */
export const activityBody = z
  .object({
    kind: contentActivityKind,
    title: text().trim().min(1).max(200),
    description: text().trim().max(5_000).default(''),
    position: z.number().int().min(1).optional(),
    /** Opens only after the activities before it in its module are done. */
    requiresPrevious: z.boolean().default(false),
    /** Opens only once an instructor authorizes the learner. */
    requiresAuthorization: z.boolean().default(false),
    settings: activitySettings.default({}),
  })
  .superRefine((body, ctx) => {
    const mode = body.settings.completion;
    if (mode && !completionModesByKind[body.kind]?.includes(mode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'completion'],
        message: 'completion mode not offered for this kind',
      });
    }
  });
export type ActivityBody = z.input<typeof activityBody>;

export const adminActivity = z.object({
  id,
  moduleId: id,
  hierarchyOrder: z.string(),
  position: z.number().int(),
  kind: activityKind,
  title: z.string(),
  description: z.string(),
  requiresPrevious: z.boolean(),
  requiresAuthorization: z.boolean(),
  settings: activitySettings,
  file: z
    .object({
      name: z.string(),
      mime: z.string(),
      size: z.number().int(),
      fileGroup: fileGroup.nullable(),
    })
    .nullable(),
  scorm: z
    .object({
      version: z.enum(['1.2', '2004']),
      title: z.string(),
      launchHref: z.string(),
      fileCount: z.number().int(),
    })
    .nullable(),
  /** The activity has what it needs to play (file uploaded, id set …). */
  ready: z.boolean(),
});
export type AdminActivity = z.infer<typeof adminActivity>;

export const adminModule = z.object({
  id,
  position: z.number().int(),
  title: z.string(),
  activities: z.array(adminActivity),
});

/** The back office's view of a course. */
export const adminCourse = z.object({
  id,
  title: z.string(),
  description: z.string(),
  coverUrl: z.string().nullable(),
  workloadMinutes: z.number().int().nullable(),
  categoryId: id.nullable(),
  tagIds: z.array(id),
  subscriptionMode,
  prerequisiteIds: z.array(id),
  isPublic: z.boolean(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  audience: z.object({
    areaIds: z.array(id),
    groupIds: z.array(id),
    countryIds: z.array(id),
    roles: z.array(roleName),
  }),
  modules: z.array(adminModule),
  enrollmentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCourse = z.infer<typeof adminCourse>;

export const adminCourseListQuery = z.object({
  search: text().trim().max(100).default(''),
  published: z.enum(['all', 'published', 'draft']).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminCourseListQuery = z.input<typeof adminCourseListQuery>;
export const adminCourseListItem = z.object({
  id,
  title: z.string(),
  coverUrl: z.string().nullable(),
  published: z.boolean(),
  isPublic: z.boolean(),
  subscriptionMode,
  activityCount: z.number().int(),
  enrollmentCount: z.number().int(),
  updatedAt: z.string(),
});
export const adminCourseListPage = pageOf(adminCourseListItem);
export type AdminCourseListPage = z.infer<typeof adminCourseListPage>;

// ---------------------------------------------------------------------------------------------------
// Back office: trails

/** POST /api/admin/learning/trails and PUT /api/admin/learning/trails/:id */
export const trailBody = z.object({
  title: text().trim().min(1).max(200),
  description: text().trim().max(5_000).default(''),
  categoryId: serialId().nullable().default(null),
  tagIds: z.array(serialId()).max(50).default([]),
  subscriptionMode: subscriptionMode.default('open'),
  /** Each course of the trail opens only when the one before it is finished. */
  sequential: z.boolean().default(false),
});
export type TrailBody = z.input<typeof trailBody>;

/** PUT /api/admin/learning/trails/:id/items — the whole ordered list. */
export const trailItemsBody = z.object({
  items: z.array(z.object({ kind: trailItemKind, itemId: serialId() })).max(200),
});
export type TrailItemsBody = z.infer<typeof trailItemsBody>;

export const adminTrail = z.object({
  id,
  title: z.string(),
  description: z.string(),
  coverUrl: z.string().nullable(),
  categoryId: id.nullable(),
  tagIds: z.array(id),
  subscriptionMode,
  sequential: z.boolean(),
  published: z.boolean(),
  audience: adminCourse.shape.audience,
  items: z.array(
    z.object({ position: z.number().int(), kind: trailItemKind, itemId: id, title: z.string() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTrail = z.infer<typeof adminTrail>;
export const adminTrailListPage = pageOf(
  adminTrail.pick({ id: true, title: true, coverUrl: true, published: true, updatedAt: true }).extend({
    itemCount: z.number().int(),
  }),
);
export type AdminTrailListPage = z.infer<typeof adminTrailListPage>;

// ---------------------------------------------------------------------------------------------------
// Back office: enrollments and report

export const adminListQuery = z.object({
  search: text().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminListQuery = z.input<typeof adminListQuery>;

export const enrollmentRow = z.object({
  userId: id,
  fullName: z.string(),
  email: z.string().nullable(),
  enrolledAt: z.string(),
  /** `self`: the learner enrolled; `assigned`: a manager did. */
  source: z.enum(['self', 'assigned', 'open']),
});
/** GET /api/admin/learning/courses/:id/enrollments */
export const enrollmentPage = pageOf(enrollmentRow);
export type EnrollmentPage = z.infer<typeof enrollmentPage>;

/** POST /api/admin/learning/courses/:id/enrollments */
export const enrollUsersBody = z.object({ userIds: z.array(serialId()).min(1).max(1_000) });
export type EnrollUsersBody = z.infer<typeof enrollUsersBody>;
export const enrollUsersResponse = z.object({
  enrolled: z.number().int(),
  alreadyEnrolled: z.number().int(),
  /** Ids that are not users of this client. */
  rejected: z.array(id),
});
export type EnrollUsersResponse = z.infer<typeof enrollUsersResponse>;

/** One row of GET /api/admin/learning/courses/:id/report (and of the CSV). */
export const courseReportRow = z.object({
  userId: id,
  fullName: z.string(),
  email: z.string().nullable(),
  enrolledAt: z.string().nullable(),
  status: progressStatus,
  percent: z.number().int(),
  completedActivities: z.number().int(),
  totalActivities: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
});
export type CourseReportRow = z.infer<typeof courseReportRow>;
export const courseReportPage = pageOf(courseReportRow).extend({
  course: z.object({ id, title: z.string(), totalActivities: z.number().int() }),
});
export type CourseReportPage = z.infer<typeof courseReportPage>;
