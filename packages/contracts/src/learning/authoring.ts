import { z } from 'zod';
import { serialId, text } from '../primitives';
import { roleName } from '../session';
import { id } from './ids';
import {
  activityKind,
  type ContentActivityKind,
  fileGroup,
  pageOf,
  subscriptionMode,
  trailItemKind,
} from './kinds';
import { activitySettings, activitySettingsByKind } from './settings';
import { reactionSettings } from './reactions';
import { type GameKind, gameSettingsByKind } from './games';
import { type TestActivityKind, testSettings, testSettingsByKind } from './test-settings';

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

const activityFields = {
  title: text().trim().min(1).max(200),
  description: text().trim().max(5_000).default(''),
  position: z.number().int().min(1).optional(),
  /** Opens only after the activities before it in its module are done. */
  requiresPrevious: z.boolean().default(false),
  /** Opens only once an instructor authorizes the learner. */
  requiresAuthorization: z.boolean().default(false),
};
/** One kind's member of `activityBody`: the shared fields and that kind's settings. */
const activityOf = <K extends ContentActivityKind, S extends z.ZodType>(kind: K, settings: S) =>
  z.object({ kind: z.literal(kind), ...activityFields, settings: settings.default({} as never) });
/** A test kind's member: its settings (questions, pass mark, attempts …) are required. */
const testActivityOf = <K extends TestActivityKind>(kind: K) =>
  z.object({ kind: z.literal(kind), ...activityFields, settings: testSettingsByKind[kind] });

/** A game kind's member: its settings (with the solution; docs/games.md) are required. */
const gameActivityOf = <K extends GameKind>(kind: K) =>
  z.object({ kind: z.literal(kind), ...activityFields, settings: gameSettingsByKind[kind] });

/**
 * POST /api/admin/learning/modules/:id/activities and PUT /api/admin/learning/activities/:id — one
 * member per content kind, its settings validated by that kind's schema (activitySettingsByKind).
 */
export const activityBody = z.discriminatedUnion('kind', [
  activityOf('pdf', activitySettingsByKind.pdf),
  activityOf('video', activitySettingsByKind.video),
  activityOf('audio', activitySettingsByKind.audio),
  activityOf('youtube', activitySettingsByKind.youtube),
  activityOf('vimeo', activitySettingsByKind.vimeo),
  activityOf('wowza', activitySettingsByKind.wowza),
  activityOf('scorm', activitySettingsByKind.scorm),
  activityOf('html', activitySettingsByKind.html),
  activityOf('flash', activitySettingsByKind.flash),
  activityOf('ppt', activitySettingsByKind.ppt),
  activityOf('slideshare', activitySettingsByKind.slideshare),
  activityOf('file', activitySettingsByKind.file),
  testActivityOf('conventional_test'),
  testActivityOf('block_test'),
  testActivityOf('restart_test'),
  testActivityOf('evaluated_quiz'),
  testActivityOf('unevaluated_quiz'),
  testActivityOf('block_general_test'),
  testActivityOf('restart_general_test'),
  // A reaction evaluation: its questions (the surveys' kinds) are its settings.
  z.object({ kind: z.literal('reaction_evaluation'), ...activityFields, settings: reactionSettings }),
  gameActivityOf('drag_and_drop'),
  gameActivityOf('drag_the_words'),
  gameActivityOf('find_the_pairs'),
  gameActivityOf('this_or_that'),
  gameActivityOf('fill_in_the_blanks'),
  gameActivityOf('true_or_false'),
  gameActivityOf('flashcards'),
  gameActivityOf('enigma'),
]);
export type ActivityBody = z.input<typeof activityBody>;
export type ParsedActivityBody = z.output<typeof activityBody>;

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
      /** What the import found: SCOs of the default organization, sequencing declared, unpacked bytes. */
      scoCount: z.number().int().nullable(),
      sequencing: z.boolean().nullable(),
      size: z.number().int().nullable(),
    })
    .nullable(),
  /** The activity has what it needs to play (file uploaded, id set …). */
  ready: z.boolean(),
  /** A test kind's settings (questions, pass mark, attempts, time limit, review); null for other kinds. */
  test: testSettings.nullable().optional(),
  /** A reaction evaluation's questions; null for other kinds. */
  reaction: reactionSettings.nullable().optional(),
  /** A game kind's settings, solution included (back office only); null for other kinds. */
  game: z.record(z.string(), z.unknown()).nullable().optional(),
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
