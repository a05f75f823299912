import { sql } from 'drizzle-orm';
import { errorBody } from '@trilha/contracts/errors';
import {
  aboutTeam,
  portfolioCourse,
  portfolioPage,
  portfolioQuery,
  portfolioSlugParams,
  type PortfolioCourseItem,
} from '@trilha/contracts/learning';
import type { App } from '../../context';
import { compiledResponses } from '../../lib/response-serializer';
import { rowsOf, type Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SiteService } from '../site/site.service';
import { coverUrlOf, portfolioSlug } from './catalog.service';
import type { ContentSigner } from './content-urls';

const errors = { 404: errorBody };
const tags = ['public'];

interface PortfolioRow {
  id: number;
  title: string;
  description: string;
  cover_key: string | null;
  workload_minutes: number | null;
  category: string | null;
  client_name: string;
  total: number;
}

/**
 * The public portfolio (no session): published courses marked public, of the clients of the site the
 * host maps to, only while the site's login configuration has `portfolio` on; and the about-team page.
 */
export function registerPublicRoutes(app: App, db: Db, site: SiteService, signer: ContentSigner) {
  const item = (r: PortfolioRow): PortfolioCourseItem => ({
    id: r.id,
    slug: portfolioSlug(r.title, r.id),
    title: r.title,
    description: r.description,
    coverUrl: coverUrlOf(signer, r.cover_key),
    workloadMinutes: r.workload_minutes,
    category: r.category,
    clientName: r.client_name,
  });
  const columns = sql`c.id, c.title, c.description, c.cover_key, c.workload_minutes, k.name as category, cl.name as client_name`;
  const from = (siteId: number) => sql`from courses c join clients cl on cl.id = c.client_id
    left join learning_categories k on k.id = c.category_id
    where cl.site_id = ${siteId} and c.published and c.is_public`;

  async function enabledSite(host: string | undefined) {
    const config = await site.forHost(host);
    if (!config.portfolio) throw notFound();
    return config.siteId;
  }

  app.get(
    '/api/public/portfolio',
    {
      config: { access: 'public' },
      serializerCompiler: compiledResponses,
      schema: {
        tags,
        summary: 'Public course portfolio',
        security: [],
        querystring: portfolioQuery,
        response: { 200: portfolioPage, ...errors },
      },
    },
    async (request) => {
      const siteId = await enabledSite(request.headers.host);
      const q = request.query;
      const search = q.search
        ? sql` and lower(c.title) like ${`%${q.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`
        : sql``;
      const rows = rowsOf<PortfolioRow>(
        await db.execute(sql`select ${columns}, count(*) over ()::int as total ${from(siteId)}${search}
          order by lower(c.title), c.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
      );
      return { items: rows.map(item), total: rows[0]?.total ?? 0, page: q.page, pageSize: q.pageSize };
    },
  );

  app.get(
    '/api/public/portfolio/courses/:slug',
    {
      config: { access: 'public' },
      serializerCompiler: compiledResponses,
      schema: {
        tags,
        summary: 'A public course by slug (id after -id-)',
        security: [],
        params: portfolioSlugParams,
        response: { 200: portfolioCourse, ...errors },
      },
    },
    async (request) => {
      const siteId = await enabledSite(request.headers.host);
      const id = Number(
        /-id-(\d+)$/.exec(request.params.slug)?.[1] ?? /^(\d+)$/.exec(request.params.slug)?.[1],
      );
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      const [row] = rowsOf<PortfolioRow>(
        await db.execute(sql`select ${columns}, 1 as total ${from(siteId)} and c.id = ${id}`),
      );
      if (!row) throw notFound();
      const acts = rowsOf<{
        module_title: string;
        module_position: number;
        position: number | null;
        title: string | null;
        kind: string | null;
      }>(
        await db.execute(sql`select m.title as module_title, m.position as module_position, a.position, a.title, a.kind
          from course_modules m left join activities a on a.module_id = m.id
          where m.course_id = ${id} order by m.position, a.position`),
      );
      const modules: {
        title: string;
        activities: { hierarchyOrder: string; title: string; kind: never }[];
      }[] = [];
      for (const a of acts) {
        let m = modules[modules.length - 1];
        if (!m || m.title !== a.module_title) modules.push((m = { title: a.module_title, activities: [] }));
        if (a.title && a.kind && a.position !== null)
          m.activities.push({
            hierarchyOrder: `${a.module_position}.${a.position}`,
            title: a.title,
            kind: a.kind as never,
          });
      }
      return { ...item(row), modules };
    },
  );

  app.get(
    '/api/public/about-team',
    {
      config: { access: 'public' },
      serializerCompiler: compiledResponses,
      schema: { tags, summary: 'The about-team page', security: [], response: { 200: aboutTeam, ...errors } },
    },
    async (request) => {
      const config = await site.forHost(request.headers.host);
      const rows = rowsOf<{ name: string; role: string; bio: string; photo_key: string | null }>(
        await db.execute(
          sql`select name, role, bio, photo_key from about_team_members where site_id = ${config.siteId} order by position, id`,
        ),
      );
      return {
        members: rows.map((r) => ({
          name: r.name,
          role: r.role,
          bio: r.bio,
          photoUrl: coverUrlOf(signer, r.photo_key),
        })),
      };
    },
  );
}
