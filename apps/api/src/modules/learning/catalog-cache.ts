import { sql, type SQL } from 'drizzle-orm';
import type { CourseListFilters } from '@trilha/contracts/learning';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { PubSub } from '../../lib/pubsub';
import { LoadingCache } from '../../lib/ttl-cache';
import type { CatalogRepo, CourseRow, NamedRow, TrailItemRow, TrailRow } from './catalog.repo';
import type { Viewer } from './viewer';

declare module '../../jobs/job-queue' {
  interface DomainEvents {
    /**
     * What a client's learners see changed: courses, trails, modules, activities, publishing, audiences
     * or taxonomy (emitted by every write of the learning back office, authoring.service.ts).
     */
    'learning.catalog-changed': { clientId: number };
    /** A learner's progress, enrollments or favorites changed (`userId` null: any learner's). */
    'learning.viewer-rows-changed': { userId: number | null };
  }
}

/**
 * Drops what the learning events make stale, on this instance once the write has committed, and on the
 * others through pub/sub (`invalidate`, `viewerRowsChanged`). Both are idempotent: dropping twice, or
 * for an event that changed nothing cached, only costs a rebuild.
 */
export function invalidateOnEvents(events: Pick<JobQueue, 'listen'>, cache: CatalogCache) {
  events.listen('learning.catalog-changed', () => cache.invalidate());
  events.listen('learning.viewer-rows-changed', ({ userId }) => cache.viewerRowsChanged(userId ?? undefined));
}

/** Published on every back-office write to learning content, so every instance drops its catalogs. */
export const CATALOG_CHANGED_CHANNEL = 'learning.catalog-changed';
/** Published when a user's progress, enrollments or favorites change (`{ userId }`, or `{}` for all users). */
export const VIEWER_ROWS_CHANGED_CHANNEL = 'learning.viewer-rows-changed';

/** A course of a client's catalog as the list and the detail header need it, the same for every viewer. */
interface CatalogCourse {
  id: number;
  /** Position in the list's order. */
  rank: number;
  title: string;
  /** `lower(title)` as the database computes it (searches match on it). */
  lowerTitle: string;
  description: string;
  cover_key: string | null;
  workload_minutes: number | null;
  subscription_mode: CourseRow['subscription_mode'];
  activity_count: number;
  is_public: boolean;
  published: boolean;
  categoryId: number | null;
  tagIds: number[];
  areaIds: number[];
  groupIds: number[];
  countryIds: number[];
  roles: string[];
  category: NamedRow | null;
  tags: NamedRow[] | null;
  prerequisites: { id: number; title: string; activity_count: number }[] | null;
}

/** Every course of one client, by id, and the published ones in the list's order (`lower(title), id`). */
interface ClientCatalog {
  byId: Map<number, CatalogCourse>;
  published: CatalogCourse[];
  /** The published courses a set of audience facts sees, by those facts (many users share them). */
  visibleBy: Map<string, { list: CatalogCourse[]; ids: Set<number> }>;
}

/** A trail of a client's catalog as the trail list and the trail detail need it, the same for every viewer. */
interface CatalogTrail {
  id: number;
  /** Position in the list's order (`lower(title), id`). */
  rank: number;
  title: string;
  lowerTitle: string;
  description: string;
  cover_key: string | null;
  subscription_mode: TrailRow['subscription_mode'];
  sequential: boolean;
  published: boolean;
  categoryId: number | null;
  tagIds: number[];
  areaIds: number[];
  groupIds: number[];
  countryIds: number[];
  roles: string[];
  category: NamedRow | null;
  tags: NamedRow[] | null;
  /** Every item of the trail, whatever its kind. */
  itemCount: number;
  /** The course items, in the trail's order, that are published courses of the client. */
  courses: { position: number; course: CatalogCourse }[];
  totalActivities: number;
}

/** Every trail of one client, by id, and the published ones in the list's order. */
interface ClientTrails {
  byId: Map<number, CatalogTrail>;
  published: CatalogTrail[];
  /** The published trails a set of audience facts sees, by those facts. */
  visibleBy: Map<string, CatalogTrail[]>;
}

type Enrollment = { source: CourseRow['enroll_source']; enrolledAt: string | Date };

/** The viewer's own rows: progress, enrollments and favorites, by course id (and by trail id for trails). */
interface ViewerRows {
  progress: Map<number, number>;
  enrollments: Map<number, Enrollment>;
  favorites: Set<number>;
  trailEnrollments: Map<number, Enrollment>;
  trailFavorites: Set<number>;
}

const ints = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const overlaps = (a: readonly (number | string)[], b: readonly (number | string)[]) =>
  a.some((x) => b.includes(x));

type Audience = Pick<CatalogCourse, 'published' | 'areaIds' | 'groupIds' | 'countryIds' | 'roles'>;

/** The audience facts `visible` reads, as a key: many viewers share them. */
const audienceKey = (v: Viewer) =>
  `${v.areaIds.join(',')}|${v.groupIds.join(',')}|${v.countryId ?? 0}|${v.roles.join(',')}`;

/**
 * The same test as `visibleTo` (viewer.ts) for a course of the viewer's client: published, and every
 * audience list that is set matches the viewer.
 */
function visible(c: Audience, v: Viewer): boolean {
  return (
    c.published &&
    (c.areaIds.length === 0 || overlaps(c.areaIds, v.areaIds)) &&
    (c.groupIds.length === 0 || overlaps(c.groupIds, v.groupIds)) &&
    (c.countryIds.length === 0 || c.countryIds.includes(v.countryId ?? 0)) &&
    (c.roles.length === 0 || overlaps(c.roles, v.roles))
  );
}

function statusOf(c: CatalogCourse, completed: number | undefined): CourseRow['status'] {
  if (c.activity_count > 0 && (completed ?? 0) >= c.activity_count) return 'finished';
  return completed !== undefined ? 'in_progress' : 'not_started';
}

/**
 * Per-client catalogs kept in memory: one statement builds a client's, and any back-office change drops
 * all of them (through pub/sub, so every instance), with a short lifetime as a safety net.
 */
export function createCatalogCache(db: DbOrTx, pubsub: PubSub, ttlMs = 30_000) {
  /**
   * The tags (ranked by name) and categories the client's courses or trails use: the same two reads for
   * both catalogs. `table` is one of two literals, never input.
   */
  async function taxonomyOf(table: 'courses' | 'trails', clientId: number) {
    const owner = sql.raw(table);
    const tagRows = rowsOf<NamedRow>(
      await db.execute(sql`select g.id, g.name from learning_tags g
        where g.id in (select unnest(o.tag_ids) from ${owner} o where o.client_id = ${clientId})
        order by g.name`),
    );
    const categoryRows = rowsOf<NamedRow>(
      await db.execute(sql`select k.id, k.name from learning_categories k
        where k.id in (select o.category_id from ${owner} o where o.client_id = ${clientId})`),
    );
    return {
      tagRank: new Map(tagRows.map((g, i) => [Number(g.id), { rank: i, tag: { id: g.id, name: g.name } }])),
      categories: new Map(categoryRows.map((k) => [Number(k.id), { id: k.id, name: k.name }])),
    };
  }

  const entries = new LoadingCache<number, ClientCatalog>(ttlMs);
  // Each client's trails, built over its catalog (the courses they hold); dropped with it.
  const trailEntries = new LoadingCache<number, ClientTrails>(ttlMs);
  // The rows of the users who listed courses lately: the list reads them on every page, and they change
  // only through the writes that call `viewerRowsChanged` (and authoring, which may recount progress).
  const viewerRowsOf = new LoadingCache<number, ViewerRows>(ttlMs, 20_000);
  // Each course's modules and activities as every viewer shares them (by `clientId:courseId`).
  const structures = new LoadingCache<string, unknown>(ttlMs, 5_000);
  // What the content gate checks for every file a lesson loads (content-gate.ts): a course's access
  // flags (by course id) and a user's enrollments (by user id), dropped by the same writes.
  const courseAccess = new LoadingCache<number, unknown>(ttlMs, 5_000);
  const enrollmentsOf = new LoadingCache<number, unknown>(ttlMs, 20_000);
  const forgetViewer = (userId?: number) => {
    if (userId === undefined) {
      viewerRowsOf.clear();
      enrollmentsOf.clear();
    } else {
      viewerRowsOf.delete(userId);
      enrollmentsOf.delete(userId);
    }
  };
  const clear = () => {
    entries.clear();
    trailEntries.clear();
    structures.clear();
    courseAccess.clear();
    forgetViewer();
  };
  pubsub.subscribe(CATALOG_CHANGED_CHANNEL, clear);
  pubsub.subscribe(VIEWER_ROWS_CHANGED_CHANNEL, (msg) => {
    const userId = (msg as { userId?: number }).userId;
    forgetViewer(typeof userId === 'number' ? userId : undefined);
  });

  /**
   * Three plain statements (courses, then the tags and categories they name), joined here: correlated
   * subqueries per course cost seconds on PGlite. Orders are the database's (`title_rank`, tags by name).
   */
  async function build(clientId: number): Promise<ClientCatalog> {
    const rows = rowsOf<{
      id: number;
      title: string;
      lower_title: string;
      title_rank: number;
      description: string;
      cover_key: string | null;
      workload_minutes: number | null;
      subscription_mode: CourseRow['subscription_mode'];
      activity_count: number;
      is_public: boolean;
      published: boolean;
      category_id: number | null;
      tag_ids: unknown;
      prerequisite_ids: unknown;
      audience_area_ids: unknown;
      audience_group_ids: unknown;
      audience_country_ids: unknown;
      audience_roles: unknown;
    }>(
      await db.execute(sql`
        select c.id, c.title, lower(c.title) as lower_title, (rank() over (order by c.title))::int as title_rank,
          c.description, c.cover_key, c.workload_minutes, c.subscription_mode, c.activity_count, c.is_public,
          c.published, c.category_id, c.tag_ids, c.prerequisite_ids,
          c.audience_area_ids, c.audience_group_ids, c.audience_country_ids, c.audience_roles
        from courses c where c.client_id = ${clientId}
        order by lower(c.title), c.id`),
    );
    const { tagRank, categories } = await taxonomyOf('courses', clientId);
    const titleRank = new Map(rows.map((r) => [Number(r.id), r]));

    const byId = new Map<number, CatalogCourse>();
    const published: CatalogCourse[] = [];
    for (const [rank, r] of rows.entries()) {
      const tagIds = ints(r.tag_ids);
      const tags = [...new Set(tagIds)]
        .flatMap((id) => tagRank.get(id) ?? [])
        .sort((a, b) => a.rank - b.rank)
        .map((x) => x.tag);
      const prerequisites = [...new Set(ints(r.prerequisite_ids))]
        .flatMap((id) => titleRank.get(id) ?? [])
        .sort((a, b) => a.title_rank - b.title_rank)
        .map((p) => ({ id: p.id, title: p.title, activity_count: p.activity_count }));
      const c: CatalogCourse = {
        id: r.id,
        rank,
        title: r.title,
        lowerTitle: r.lower_title,
        description: r.description,
        cover_key: r.cover_key,
        workload_minutes: r.workload_minutes,
        subscription_mode: r.subscription_mode,
        activity_count: r.activity_count,
        is_public: r.is_public,
        published: r.published,
        categoryId: r.category_id,
        tagIds,
        areaIds: ints(r.audience_area_ids),
        groupIds: ints(r.audience_group_ids),
        countryIds: ints(r.audience_country_ids),
        roles: Array.isArray(r.audience_roles) ? r.audience_roles.map(String) : [],
        category: r.category_id === null ? null : (categories.get(r.category_id) ?? null),
        tags: tags.length ? tags : null,
        prerequisites: prerequisites.length ? prerequisites : null,
      };
      byId.set(c.id, c);
      if (c.published) published.push(c);
    }
    return { byId, published, visibleBy: new Map() };
  }

  /**
   * A client's trails: the trails, their items and the tags and categories they name (three plain
   * statements), with the courses taken from the client's catalog.
   */
  async function buildTrails(clientId: number): Promise<ClientTrails> {
    const catalog = await catalogOf(clientId);
    const rows = rowsOf<{
      id: number;
      title: string;
      lower_title: string;
      description: string;
      cover_key: string | null;
      subscription_mode: TrailRow['subscription_mode'];
      sequential: boolean;
      published: boolean;
      category_id: number | null;
      tag_ids: unknown;
      audience_area_ids: unknown;
      audience_group_ids: unknown;
      audience_country_ids: unknown;
      audience_roles: unknown;
    }>(
      await db.execute(sql`
        select t.id, t.title, lower(t.title) as lower_title, t.description, t.cover_key, t.subscription_mode,
          t.sequential, t.published, t.category_id, t.tag_ids,
          t.audience_area_ids, t.audience_group_ids, t.audience_country_ids, t.audience_roles
        from trails t where t.client_id = ${clientId}
        order by lower(t.title), t.id`),
    );
    const itemRows = rowsOf<{ trail_id: number; position: number; item_kind: string; item_id: number }>(
      await db.execute(sql`
        select ti.trail_id, ti.position, ti.item_kind, ti.item_id
        from trail_items ti join trails t on t.id = ti.trail_id
        where t.client_id = ${clientId}
        order by ti.trail_id, ti.position, ti.id`),
    );
    const { tagRank, categories } = await taxonomyOf('trails', clientId);
    const itemsOf = new Map<number, typeof itemRows>();
    for (const r of itemRows) {
      const id = Number(r.trail_id);
      let list = itemsOf.get(id);
      if (!list) itemsOf.set(id, (list = []));
      list.push(r);
    }

    const byId = new Map<number, CatalogTrail>();
    const published: CatalogTrail[] = [];
    for (const [rank, r] of rows.entries()) {
      const tagIds = ints(r.tag_ids);
      const tags = [...new Set(tagIds)]
        .flatMap((id) => tagRank.get(id) ?? [])
        .sort((a, b) => a.rank - b.rank)
        .map((x) => x.tag);
      const items = itemsOf.get(Number(r.id)) ?? [];
      const courses = items.flatMap((i) => {
        const course = i.item_kind === 'course' ? catalog.byId.get(Number(i.item_id)) : undefined;
        return course?.published ? [{ position: Number(i.position), course }] : [];
      });
      const t: CatalogTrail = {
        id: r.id,
        rank,
        title: r.title,
        lowerTitle: r.lower_title,
        description: r.description,
        cover_key: r.cover_key,
        subscription_mode: r.subscription_mode,
        sequential: r.sequential,
        published: r.published,
        categoryId: r.category_id,
        tagIds,
        areaIds: ints(r.audience_area_ids),
        groupIds: ints(r.audience_group_ids),
        countryIds: ints(r.audience_country_ids),
        roles: Array.isArray(r.audience_roles) ? r.audience_roles.map(String) : [],
        category: r.category_id === null ? null : (categories.get(r.category_id) ?? null),
        tags: tags.length ? tags : null,
        itemCount: items.length,
        courses,
        totalActivities: courses.reduce((n, c) => n + c.course.activity_count, 0),
      };
      byId.set(t.id, t);
      if (t.published) published.push(t);
    }
    return { byId, published, visibleBy: new Map() };
  }

  const catalogOf = (clientId: number) => entries.get(clientId, () => build(clientId));

  return {
    catalogOf,
    /** The client's trails over its catalog, kept until the next back-office write (or `ttlMs`). */
    trailsOf: (clientId: number) => trailEntries.get(clientId, () => buildTrails(clientId)),
    /** The viewer's rows as the list reads them, kept until the viewer's next write (or `ttlMs`). */
    cachedViewerRows: (userId: number, load: () => Promise<ViewerRows>) => viewerRowsOf.get(userId, load),
    /**
     * A course's structure (modules and activities, no viewer's rows) as `load` reads it, kept until the
     * next back-office write (or `ttlMs`).
     */
    cachedStructure: <T>(clientId: number, courseId: number, load: () => Promise<T>) =>
      structures.get(`${clientId}:${courseId}`, load) as Promise<T>,
    /** A course's flags as `load` reads them, kept until the next back-office write (or `ttlMs`). */
    cachedCourseAccess: <T>(courseId: number, load: () => Promise<T>) =>
      courseAccess.get(courseId, load) as Promise<T>,
    /** A user's enrollments as `load` reads them, kept until that user's next write (or `ttlMs`). */
    cachedEnrollments: <T>(userId: number, load: () => Promise<T>) =>
      enrollmentsOf.get(userId, load) as Promise<T>,
    /** After a write to learning content: this instance at once, the others through pub/sub. */
    async invalidate() {
      clear();
      // A lost message leaves another instance stale for at most twice `ttlMs`; the write itself stands.
      await pubsub.publish(CATALOG_CHANGED_CHANNEL, {}).catch(() => undefined);
    },
    /** After a write to a user's progress, enrollments or favorites (no user: any user's). */
    async viewerRowsChanged(userId?: number) {
      forgetViewer(userId);
      await pubsub
        .publish(VIEWER_ROWS_CHANGED_CHANNEL, userId === undefined ? {} : { userId })
        .catch(() => undefined);
    },
  };
}
export type CatalogCache = ReturnType<typeof createCatalogCache>;

/**
 * The course list, course cards, trail list and trail detail served from the client's cached catalog
 * plus the viewer's own rows (read by user id). Cards inside a trail, where the trail's audience decides,
 * and the trail row read back after an enrollment are left to `sqlRepo`.
 */
export function createCachedCatalogRepo(
  db: DbOrTx,
  cache: CatalogCache,
  sqlRepo: CatalogRepo,
): CachedCatalogRepo {
  async function viewerRows(v: Viewer, only?: { courseId: number; progressIds: number[] }) {
    return viewerRowsOf(rowsOf<RawViewerRow>(await db.execute(viewerRowsSql(v, only))));
  }

  function viewerRowsOf(rows: RawViewerRow[]) {
    const out: ViewerRows = {
      progress: new Map(),
      enrollments: new Map(),
      favorites: new Set(),
      trailEnrollments: new Map(),
      trailFavorites: new Set(),
    };
    for (const r of rows) {
      const k = Number(r.k);
      const id = Number(r.id);
      if (k === 0) out.progress.set(id, Number(r.n ?? 0));
      else if (k === 1)
        out.enrollments.set(id, { source: r.source as CourseRow['enroll_source'], enrolledAt: r.at! });
      else if (k === 2) out.favorites.add(id);
      else if (k === 3)
        out.trailEnrollments.set(id, { source: r.source as TrailRow['enroll_source'], enrolledAt: r.at! });
      else out.trailFavorites.add(id);
    }
    return out;
  }

  function rowOf(c: CatalogCourse, mine: ViewerRows): CourseRow {
    const completed = mine.progress.get(c.id);
    const enrollment = mine.enrollments.get(c.id);
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      cover_key: c.cover_key,
      workload_minutes: c.workload_minutes,
      subscription_mode: c.subscription_mode,
      activity_count: c.activity_count,
      is_public: c.is_public,
      completed_count: completed ?? null,
      started: completed !== undefined,
      enroll_source: enrollment?.source ?? null,
      enrolled_at: (enrollment?.enrolledAt ?? null) as CourseRow['enrolled_at'],
      favorite: mine.favorites.has(c.id),
      category: c.category,
      tags: c.tags,
      prerequisites:
        c.prerequisites?.map((p) => ({
          id: p.id,
          title: p.title,
          finished: p.activity_count > 0 && (mine.progress.get(p.id) ?? 0) >= p.activity_count,
        })) ?? null,
      status: statusOf(c, completed),
    };
  }

  /** The list filters other than progress (`sharedFilters` in catalog.repo.ts). */
  function matches(f: CourseListFilters, mine: ViewerRows, search: string | null) {
    return (c: CatalogCourse) =>
      (f.favorite !== 'favorites' || mine.favorites.has(c.id)) &&
      (search === null || c.lowerTitle.includes(search)) &&
      (f.selected_areas === 'all' || overlaps(c.areaIds, f.selected_areas)) &&
      (f.selected_groups === 'all' || overlaps(c.groupIds, f.selected_groups)) &&
      (f.selected_tags === 'all' || overlaps(c.tagIds, f.selected_tags)) &&
      (f.selected_categories === 'all' ||
        (c.categoryId !== null && f.selected_categories.includes(c.categoryId))) &&
      (f.subscription_type === 'all' ||
        (f.subscription_type === 'subscribed') === mine.enrollments.has(c.id));
  }

  function visibleFor(catalog: ClientCatalog, v: Viewer) {
    const key = audienceKey(v);
    let hit = catalog.visibleBy.get(key);
    if (!hit) {
      if (catalog.visibleBy.size >= 2_000) catalog.visibleBy.clear();
      const list = catalog.published.filter((c) => visible(c, v));
      hit = { list, ids: new Set(list.map((c) => c.id)) };
      catalog.visibleBy.set(key, hit);
    }
    return hit;
  }

  const courseList: CatalogRepo['courseList'] = async (v, f) => {
    const [catalog, mine] = await Promise.all([
      cache.catalogOf(v.clientId),
      cache.cachedViewerRows(v.userId, () => viewerRows(v)),
    ]);
    const vis = visibleFor(catalog, v);
    const filtered =
      f.favorite !== 'all' ||
      Boolean(f.search) ||
      f.selected_areas !== 'all' ||
      f.selected_groups !== 'all' ||
      f.selected_tags !== 'all' ||
      f.selected_categories !== 'all' ||
      f.subscription_type !== 'all';
    const keep = filtered ? matches(f, mine, f.search ? f.search.toLowerCase() : null) : null;
    const listed = keep ? vis.list.filter(keep) : vis.list;
    // Only the viewer's progress rows can make a listed course started or finished.
    let inProgress = 0;
    let finished = 0;
    const withStatus: CatalogCourse[] = [];
    for (const [id, completed] of mine.progress) {
      const c = catalog.byId.get(id);
      if (!c || !vis.ids.has(id) || (keep && !keep(c))) continue;
      const status = statusOf(c, completed);
      if (status === 'finished') finished++;
      else inProgress++;
      if (status === f.progress) withStatus.push(c);
    }
    const counts = { notStarted: listed.length - inProgress - finished, inProgress, finished };
    const chosen =
      f.progress === 'all'
        ? listed
        : f.progress === 'not_started'
          ? listed.filter((c) => !mine.progress.has(c.id))
          : withStatus.sort((a, b) => a.rank - b.rank);
    const total =
      f.progress === 'all'
        ? listed.length
        : counts[
            ({ not_started: 'notStarted', in_progress: 'inProgress', finished: 'finished' } as const)[
              f.progress
            ]
          ];
    const start = (f.page - 1) * f.pageSize;
    const items = chosen.slice(start, start + f.pageSize).map((c) => rowOf(c, mine));
    return { total, counts, items };
  };

  const courseCard: CatalogRepo['courseCard'] = async (v, courseId, opts = {}) => {
    if (opts.viaTrail) return sqlRepo.courseCard(v, courseId, opts);
    const catalog = await cache.catalogOf(v.clientId);
    const c = catalog.byId.get(courseId);
    if (!c || !visible(c, v)) return undefined;
    const progressIds = [c.id, ...(c.prerequisites ?? []).map((p) => p.id)];
    return rowOf(c, await viewerRows(v, { courseId, progressIds }));
  };

  /**
   * A visible course's card, to be completed with the viewer's rows read by `rowsSql` (so a caller can read
   * them in its own statement); undefined when the viewer may not see the course.
   */
  const cardParts = async (v: Viewer, courseId: number): Promise<CardParts | undefined> => {
    const catalog = await cache.catalogOf(v.clientId);
    const c = catalog.byId.get(courseId);
    if (!c || !visible(c, v)) return undefined;
    const progressIds = [c.id, ...(c.prerequisites ?? []).map((p) => p.id)];
    return {
      rowsSql: viewerRowsSql(v, { courseId, progressIds }),
      card: (rows) => rowOf(c, viewerRowsOf(rows)),
    };
  };

  function visibleTrails(trails: ClientTrails, v: Viewer) {
    const key = audienceKey(v);
    let hit = trails.visibleBy.get(key);
    if (!hit) {
      if (trails.visibleBy.size >= 2_000) trails.visibleBy.clear();
      hit = trails.published.filter((t) => visible(t, v));
      trails.visibleBy.set(key, hit);
    }
    return hit;
  }

  /** A trail's row as `trailRows` (catalog.repo.ts) computes it, from the viewer's course progress. */
  function trailRowOf(t: CatalogTrail, mine: ViewerRows): TrailRow {
    let finished = 0;
    let started = 0;
    let done = 0;
    if (mine.progress.size > 0) {
      for (const { course: c } of t.courses) {
        const completed = mine.progress.get(c.id);
        if (completed === undefined) continue;
        started++;
        done += Math.min(completed, c.activity_count);
        if (c.activity_count > 0 && completed >= c.activity_count) finished++;
      }
    }
    const enrollment = mine.trailEnrollments.get(t.id);
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      cover_key: t.cover_key,
      subscription_mode: t.subscription_mode,
      sequential: t.sequential,
      item_count: t.itemCount,
      course_count: t.courses.length,
      finished_courses: finished,
      started_courses: started,
      total_activities: t.totalActivities,
      done_activities: done,
      status:
        t.courses.length > 0 && finished === t.courses.length
          ? 'finished'
          : started > 0
            ? 'in_progress'
            : 'not_started',
      enroll_source: enrollment?.source ?? null,
      enrolled_at: enrollment?.enrolledAt ?? null,
      favorite: mine.trailFavorites.has(t.id),
      category: t.category,
      tags: t.tags,
    };
  }

  const trailList: CatalogRepo['trailList'] = async (v, f) => {
    const [trails, mine] = await Promise.all([
      cache.trailsOf(v.clientId),
      cache.cachedViewerRows(v.userId, () => viewerRows(v)),
    ]);
    const search = f.search ? f.search.toLowerCase() : null;
    const kept: CatalogTrail[] = [];
    const rowOfKept: TrailRow[] = [];
    for (const t of visibleTrails(trails, v)) {
      if (
        (f.favorite === 'favorites' && !mine.trailFavorites.has(t.id)) ||
        (search !== null && !t.lowerTitle.includes(search)) ||
        (f.selected_areas !== 'all' && !overlaps(t.areaIds, f.selected_areas)) ||
        (f.selected_groups !== 'all' && !overlaps(t.groupIds, f.selected_groups)) ||
        (f.selected_tags !== 'all' && !overlaps(t.tagIds, f.selected_tags)) ||
        (f.selected_categories !== 'all' &&
          (t.categoryId === null || !f.selected_categories.includes(t.categoryId))) ||
        (f.subscription_type !== 'all' &&
          (f.subscription_type === 'subscribed') !== mine.trailEnrollments.has(t.id))
      )
        continue;
      // Without a progress filter only the page's rows need the viewer's progress worked out.
      if (f.progress === 'all') kept.push(t);
      else {
        const row = trailRowOf(t, mine);
        if (row.status === f.progress) rowOfKept.push(row);
      }
    }
    const start = (f.page - 1) * f.pageSize;
    if (f.progress !== 'all')
      return { rows: rowOfKept.slice(start, start + f.pageSize), total: rowOfKept.length };
    const rows = kept.slice(start, start + f.pageSize).map((t) => trailRowOf(t, mine));
    return { rows, total: kept.length };
  };

  const trailDetail: CatalogRepo['trailDetail'] = async (v, trailId) => {
    const [trails, mine] = await Promise.all([
      cache.trailsOf(v.clientId),
      cache.cachedViewerRows(v.userId, () => viewerRows(v)),
    ]);
    const t = trails.byId.get(trailId);
    if (!t || !visible(t, v)) return undefined;
    const items = t.courses.map(({ position, course: c }): TrailItemRow => {
      const completed = mine.progress.get(c.id);
      return {
        position,
        item_kind: 'course',
        item_id: c.id,
        title: c.title,
        cover_key: c.cover_key,
        activity_count: c.activity_count,
        completed_count: completed ?? null,
        started: completed !== undefined,
        subscription_mode: c.subscription_mode,
        enrolled: mine.enrollments.has(c.id),
        prerequisites:
          c.prerequisites?.map((p) => ({
            id: p.id,
            title: p.title,
            finished: p.activity_count > 0 && (mine.progress.get(p.id) ?? 0) >= p.activity_count,
          })) ?? null,
      };
    });
    return { row: trailRowOf(t, mine), items };
  };

  return {
    courseList,
    courseCard,
    cardParts,
    trailRows: sqlRepo.trailRows,
    trailList,
    trailDetail,
    recentUnfinished: sqlRepo.recentUnfinished,
  };
}

/**
 * A row of `viewerRowsSql`: kind (0 progress, 1 enrollment, 2 favorite of a course; 3 enrollment, 4
 * favorite of a trail), course or trail id and the row's values.
 */
export interface RawViewerRow {
  k: number;
  id: number;
  n: number | null;
  source: string | null;
  at: string | Date | null;
}

export interface CardParts {
  rowsSql: SQL;
  card: (rows: RawViewerRow[]) => CourseRow;
}
export type CachedCatalogRepo = CatalogRepo & {
  cardParts?: (v: Viewer, courseId: number) => Promise<CardParts | undefined>;
};

/**
 * The viewer's progress, enrollment and favorite rows by user id: all of them (with the trails'
 * enrollments and favorites, kinds 3 and 4), or those one course's card needs.
 */
function viewerRowsSql(v: Viewer, only?: { courseId: number; progressIds: number[] }): SQL {
  const progressOnly = only ? sql` and course_id = any(${`{${only.progressIds.join(',')}}`}::int[])` : sql``;
  const courseOnly = only ? sql` and course_id = ${only.courseId}` : sql``;
  const itemOnly = only ? sql` and item_id = ${only.courseId}` : sql``;
  const trails = only
    ? sql``
    : sql`
    union all
    select 3, trail_id, null, source, enrolled_at from trail_enrollments where user_id = ${v.userId}
    union all
    select 4, item_id, null, null, null from learning_favorites where user_id = ${v.userId} and item_kind = 'trail'`;
  return sql`
    select 0 as k, course_id as id, completed_count as n, null::text as source, null::timestamptz as at
      from course_progress where user_id = ${v.userId}${progressOnly}
    union all
    select 1, course_id, null, source, enrolled_at from course_enrollments where user_id = ${v.userId}${courseOnly}
    union all
    select 2, item_id, null, null, null from learning_favorites
      where user_id = ${v.userId} and item_kind = 'course'${itemOnly}${trails}`;
}
