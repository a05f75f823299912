import { sql } from 'drizzle-orm';
import type { TaxonomyKind, UserAudienceBody } from '@trilha/contracts/learning';
import { rowsOf, type Db } from '../../db/client';
import { audienceAreaMembers, audienceGroupMembers } from '../../db/schema/learning';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { Actor, SharedWrites } from './authoring-shared';

const taxonomyTable = {
  areas: 'audience_areas',
  groups: 'audience_groups',
  tags: 'learning_tags',
  categories: 'learning_categories',
} as const;

/** Taxonomy (areas, groups, tags, categories) and the areas and groups users belong to. */
export function createTaxonomyAuthoring(
  deps: { db: Db; onAudienceChange: () => void },
  kit: Pick<SharedWrites, 'changeCatalog' | 'assertIds'>,
) {
  const { db } = deps;
  const { changeCatalog, assertIds } = kit;

  async function taxonomy(clientId: number) {
    const rows = rowsOf<{ kind: TaxonomyKind; id: number; name: string }>(
      await db.execute(sql`
        select 'areas' as kind, id, name from audience_areas where client_id = ${clientId}
        union all select 'groups', id, name from audience_groups where client_id = ${clientId}
        union all select 'tags', id, name from learning_tags where client_id = ${clientId}
        union all select 'categories', id, name from learning_categories where client_id = ${clientId}
        order by 1, 3`),
    );
    const of = (kind: TaxonomyKind) =>
      rows.filter((r) => r.kind === kind).map(({ id, name }) => ({ id, name }));
    return { areas: of('areas'), groups: of('groups'), tags: of('tags'), categories: of('categories') };
  }

  async function addTaxonomy(actor: Actor, kind: TaxonomyKind, name: string) {
    const table = sql.raw(taxonomyTable[kind]);
    const rows = await changeCatalog(actor.clientId, async (tx) =>
      rowsOf<{ id: number; name: string }>(
        await tx.execute(
          sql`insert into ${table} (client_id, name) values (${actor.clientId}, ${name}) on conflict do nothing returning id, name`,
        ),
      ),
    );
    if (!rows[0]) throw new AppError('NOT_UNIQUE', 409);
    return rows[0];
  }

  async function setUserAudience(actor: Actor, userId: number, body: UserAudienceBody) {
    await changeCatalog(actor.clientId, async (tx) => {
      const [member] = rowsOf(
        await tx.execute(
          sql`select 1 from user_clients where user_id = ${userId} and client_id = ${actor.clientId}`,
        ),
      );
      if (!member) throw notFound();
      await assertIds(tx, 'audience_areas', actor.clientId, body.areaIds, 'areaIds');
      await assertIds(tx, 'audience_groups', actor.clientId, body.groupIds, 'groupIds');
      await tx.execute(sql`delete from audience_area_members m using audience_areas a
        where a.id = m.area_id and a.client_id = ${actor.clientId} and m.user_id = ${userId}`);
      await tx.execute(sql`delete from audience_group_members m using audience_groups g
        where g.id = m.group_id and g.client_id = ${actor.clientId} and m.user_id = ${userId}`);
      for (const areaId of new Set(body.areaIds))
        await tx.insert(audienceAreaMembers).values({ areaId, userId });
      for (const groupId of new Set(body.groupIds))
        await tx.insert(audienceGroupMembers).values({ groupId, userId });
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'user.set_audience',
        target: { type: 'user', id: userId },
        details: body,
      });
    });
    deps.onAudienceChange();
    return { userId, areaIds: [...new Set(body.areaIds)], groupIds: [...new Set(body.groupIds)] };
  }

  return { taxonomy, addTaxonomy, setUserAudience };
}
