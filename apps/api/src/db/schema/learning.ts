import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './core';
import { users } from './users';
import { clientRef, created, intArray, textArray, userRef } from '../columns';

const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Organisational areas of a client (the spec's country_areas); users belong to some, content targets some. */
export const audienceAreas = pgTable(
  'audience_areas',
  { id: serial('id').primaryKey(), clientId: clientRef(), name: text('name').notNull() },
  (t) => [uniqueIndex('audience_areas_name_key').on(t.clientId, sql`lower(${t.name})`)],
);

/** User groups of a client (the spec's groups_user). */
export const audienceGroups = pgTable(
  'audience_groups',
  { id: serial('id').primaryKey(), clientId: clientRef(), name: text('name').notNull() },
  (t) => [uniqueIndex('audience_groups_name_key').on(t.clientId, sql`lower(${t.name})`)],
);

export const audienceAreaMembers = pgTable(
  'audience_area_members',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => audienceAreas.id, { onDelete: 'cascade' }),
    userId: userRef(),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.userId] }),
    index('audience_area_members_user_idx').on(t.userId),
  ],
);

export const audienceGroupMembers = pgTable(
  'audience_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => audienceGroups.id, { onDelete: 'cascade' }),
    userId: userRef(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('audience_group_members_user_idx').on(t.userId),
  ],
);

export const learningTags = pgTable(
  'learning_tags',
  { id: serial('id').primaryKey(), clientId: clientRef(), name: text('name').notNull() },
  (t) => [uniqueIndex('learning_tags_name_key').on(t.clientId, sql`lower(${t.name})`)],
);

export const learningCategories = pgTable(
  'learning_categories',
  { id: serial('id').primaryKey(), clientId: clientRef(), name: text('name').notNull() },
  (t) => [uniqueIndex('learning_categories_name_key').on(t.clientId, sql`lower(${t.name})`)],
);

/**
 * Audience limits of a course or trail, as arrays on the row: an empty array does not limit. Arrays keep
 * the visibility test one expression on the row (`&&` overlap), with no join per list query.
 */
const audienceColumns = () => ({
  audienceAreaIds: intArray('audience_area_ids'),
  audienceGroupIds: intArray('audience_group_ids'),
  audienceCountryIds: intArray('audience_country_ids'),
  audienceRoles: textArray('audience_roles'),
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Storage key of the 1200×675 WebP cover. */
    coverKey: text('cover_key'),
    workloadMinutes: integer('workload_minutes'),
    categoryId: integer('category_id').references(() => learningCategories.id, { onDelete: 'set null' }),
    tagIds: intArray('tag_ids'),
    subscriptionMode: text('subscription_mode').notNull().default('open'),
    prerequisiteIds: intArray('prerequisite_ids'),
    isPublic: boolean('is_public').notNull().default(false),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...audienceColumns(),
    /** Activities a learner must finish (kept by the authoring service; a course is finished at this count). */
    activityCount: integer('activity_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('courses_client_published_idx').on(t.clientId, t.published, t.title),
    // The course list's order: a page is read in this order and stops at its last row.
    index('courses_client_title_idx').on(t.clientId, sql`lower(${t.title})`, t.id),
    check(
      'courses_subscription_mode_check',
      sql`${t.subscriptionMode} in ('open', 'enrollment', 'assigned')`,
    ),
  ],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('course_modules_course_idx').on(t.courseId, t.position)],
);

export interface ScormInfo {
  version: '1.2' | '2004';
  title: string;
  identifier: string;
  launchHref: string;
  fileCount: number;
  /** Passing score, 0–100: SCORM 1.2 `adlcp:masteryscore`, SCORM 2004 the primary objective's minNormalizedMeasure. */
  masteryScore: number | null;
  launchData: string | null;
  /** SCORM 2004 `adlcp:completionThreshold` (0–1) when completion is by measure; absent on older imports. */
  completionThreshold?: number | null;
  /** Launchable items (SCOs and assets) of the default organization; absent on older imports. */
  scoCount?: number;
  /** The manifest declares IMS Simple Sequencing rules beyond the defaults; absent on older imports. */
  sequencing?: boolean;
  /** Unpacked size in bytes; absent on older imports. */
  size?: number;
}

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    requiresPrevious: boolean('requires_previous').notNull().default(false),
    requiresAuthorization: boolean('requires_authorization').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Storage folder of the activity's content (a file, an extracted SCORM package or HTML folder, HLS). */
    contentPrefix: text('content_prefix'),
    /** The file to open within the folder (pdf, video, the SCORM launch href, index.html, index.m3u8 …). */
    contentPath: text('content_path'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: integer('file_size'),
    fileGroup: text('file_group'),
    scorm: jsonb('scorm').$type<ScormInfo>(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('activities_module_idx').on(t.moduleId, t.position),
    index('activities_course_idx').on(t.courseId),
  ],
);

/** Who enrolled in a course: `self` (the learner), `assigned` (a manager), `open` (started an open course). */
export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: userRef(),
    clientId: clientRef(),
    source: text('source').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_enrollments_user_idx').on(t.userId, t.courseId),
  ],
);

export const trails = pgTable(
  'trails',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverKey: text('cover_key'),
    categoryId: integer('category_id').references(() => learningCategories.id, { onDelete: 'set null' }),
    tagIds: intArray('tag_ids'),
    subscriptionMode: text('subscription_mode').notNull().default('open'),
    sequential: boolean('sequential').notNull().default(false),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...audienceColumns(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('trails_client_published_idx').on(t.clientId, t.published, t.title)],
);

/** The ordered content of a trail: courses today; in-person catalogs, webinars and live classes later. */
export const trailItems = pgTable(
  'trail_items',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
  },
  (t) => [
    uniqueIndex('trail_items_position_key').on(t.trailId, t.position),
    index('trail_items_item_idx').on(t.itemKind, t.itemId),
    check(
      'trail_items_kind_check',
      sql`${t.itemKind} in ('course', 'presential_catalog', 'webinar', 'live_class')`,
    ),
  ],
);

export const trailEnrollments = pgTable(
  'trail_enrollments',
  {
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    userId: userRef(),
    clientId: clientRef(),
    source: text('source').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.trailId, t.userId] }), index('trail_enrollments_user_idx').on(t.userId)],
);

export const learningFavorites = pgTable(
  'learning_favorites',
  {
    userId: userRef(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    clientId: clientRef(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemKind, t.itemId] })],
);

/** One row per user and activity once the user opened it. */
export const activityProgress = pgTable(
  'activity_progress',
  {
    userId: userRef(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    clientId: clientRef(),
    status: text('status').notNull().default('in_progress'),
    percent: integer('percent').notNull().default(0),
    /** Media: where to resume (seconds); the union of watched intervals decides completion. */
    position: doublePrecision('position'),
    watched: jsonb('watched').$type<[number, number][]>().notNull().default([]),
    duration: doublePrecision('duration'),
    /** PDF: last page shown, and the page count reported (when the upload's count is unknown). */
    page: integer('page'),
    pageCount: integer('page_count'),
    success: text('success'),
    score: doublePrecision('score'),
    /** `time` completion: seconds counted by the server between heartbeats (docs/completion.md). */
    secondsSpent: integer('seconds_spent').notNull().default(0),
    /** The last report of any kind: the clock of heartbeats and of the media wall-time budget. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.activityId] }),
    index('activity_progress_user_course_idx').on(t.userId, t.courseId),
    check('activity_progress_status_check', sql`${t.status} in ('in_progress', 'finished')`),
  ],
);

/**
 * A user's progress in a course, kept beside the activity rows in the same transaction, so lists read one
 * row per course. Finished when `completed_count` reaches the course's `activity_count`.
 */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: userRef(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    clientId: clientRef(),
    completedCount: integer('completed_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_progress_course_idx').on(t.courseId),
  ],
);

/** SCORM runtime data per user and activity (what the content wrote), restored at the next launch. */
export const scormRuntimeData = pgTable(
  'scorm_runtime_data',
  {
    userId: userRef(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    clientId: clientRef(),
    cmi: jsonb('cmi').$type<Record<string, string>>().notNull().default({}),
    sessions: integer('sessions').notNull().default(0),
    /** The attempt the data belongs to (1, 2 …); a normal exit ends it, the next launch may start another. */
    attempt: integer('attempt').notNull().default(1),
    /** How the last session ended: 'suspend' (resume next time), 'normal' (the attempt is over), null (open). */
    endedWith: text('ended_with'),
    /** The attempt's total time: the sum of its sessions' session_time, in seconds. */
    totalSeconds: integer('total_seconds').notNull().default(0),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId] })],
);

/** An instructor let a user into an activity that needs authorization. */
export const activityAuthorizations = pgTable(
  'activity_authorizations',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: userRef(),
    clientId: clientRef(),
    authorizedBy: integer('authorized_by').references(() => users.id, { onDelete: 'set null' }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.userId] }),
    index('activity_authorizations_user_idx').on(t.userId),
  ],
);

/** The public about-team page of a site. */
export const aboutTeamMembers = pgTable(
  'about_team_members',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    bio: text('bio').notNull().default(''),
    photoKey: text('photo_key'),
  },
  (t) => [index('about_team_members_site_idx').on(t.siteId, t.position)],
);
