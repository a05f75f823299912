import { and, eq, sql } from 'drizzle-orm';
import type {
  AdminTrail,
  AdminTrailListPage,
  AudienceBody,
  TrailBody,
  TrailItemsBody,
} from '@trilha/contracts/learning';
import { trailBody } from '@trilha/contracts/learning';
import type { RoleName } from '@trilha/contracts/session';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../db/client';
import { trailItems, trails } from '../../db/schema/learning';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { Actor } from './authoring.service';
import { coverUrlOf } from './catalog.service';
import type { ContentSigner } from './content-urls';
import { iso } from './course-context';

/** What the trail back office borrows from the course back office (the writes both share). */
export interface AuthoringKit {
  assertIds(
    tx: DbOrTx,
    table: string,
    clientId: number,
    ids: readonly number[],
    field: string,
  ): Promise<void>;
  /** The transaction of a write to what the client's learners see (emits learning.catalog-changed). */
  changeCatalog<T>(clientId: number, work: (tx: Tx) => Promise<T>): Promise<T>;
  setItemCover(actor: Actor, kind: 'trail', id: number, data: Buffer): Promise<void>;
  setItemPublished(actor: Actor, kind: 'trail', id: number, published: boolean): Promise<void>;
  setItemAudience(actor: Actor, kind: 'trail', id: number, input: AudienceBody): Promise<void>;
}

/**
 * The trail half of the learning back office: ordered sequences of courses with their cover, audience
 * and publishing, scoped to the actor's client like the rest.
 */
export function createTrailAuthoring(deps: { db: Db; signer: ContentSigner }, kit: AuthoringKit) {
  const { db, signer } = deps;
  const { assertIds } = kit;

  async function trailRow(clientId: number, trailId: number, tx: DbOrTx = db) {
    const [row] = await tx
      .select()
      .from(trails)
      .where(and(eq(trails.id, trailId), eq(trails.clientId, clientId)));
    if (!row) throw notFound();
    return row;
  }

  async function adminTrail(clientId: number, trailId: number): Promise<AdminTrail> {
    const t = await trailRow(clientId, trailId);
    const items = rowsOf<{
      position: number;
      item_kind: AdminTrail['items'][number]['kind'];
      item_id: number;
      title: string | null;
    }>(
      await db.execute(sql`select ti.position, ti.item_kind, ti.item_id, c.title from trail_items ti
        left join courses c on ti.item_kind = 'course' and c.id = ti.item_id and c.client_id = ${clientId}
        where ti.trail_id = ${trailId} order by ti.position`),
    );
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      coverUrl: coverUrlOf(signer, t.coverKey),
      categoryId: t.categoryId,
      tagIds: t.tagIds,
      subscriptionMode: t.subscriptionMode as AdminTrail['subscriptionMode'],
      sequential: t.sequential,
      published: t.published,
      audience: {
        areaIds: t.audienceAreaIds,
        groupIds: t.audienceGroupIds,
        countryIds: t.audienceCountryIds,
        roles: t.audienceRoles as RoleName[],
      },
      items: items.map((i) => ({
        position: i.position,
        kind: i.item_kind,
        itemId: i.item_id,
        title: i.title ?? '',
      })),
      createdAt: iso(t.createdAt)!,
      updatedAt: iso(t.updatedAt)!,
    };
  }

  async function listTrails(
    clientId: number,
    q: { search: string; page: number; pageSize: number },
  ): Promise<AdminTrailListPage> {
    const search = q.search
      ? sql` and lower(t.title) like ${`%${q.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`
      : sql``;
    const rows = rowsOf<{
      id: number;
      title: string;
      cover_key: string | null;
      published: boolean;
      updated_at: string | Date;
      item_count: number;
      total: number;
    }>(
      await db.execute(sql`select t.id, t.title, t.cover_key, t.published, t.updated_at,
          (select count(*)::int from trail_items i where i.trail_id = t.id) as item_count, count(*) over ()::int as total
        from trails t where t.client_id = ${clientId}${search} order by t.updated_at desc, t.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        coverUrl: coverUrlOf(signer, r.cover_key),
        published: r.published,
        updatedAt: iso(r.updated_at)!,
        itemCount: r.item_count,
      })),
      total: rows[0]?.total ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function saveTrail(actor: Actor, trailId: number | null, input: TrailBody) {
    const body = trailBody.parse(input);
    const id = await kit.changeCatalog(actor.clientId, async (tx) => {
      if (body.categoryId)
        await assertIds(tx, 'learning_categories', actor.clientId, [body.categoryId], 'categoryId');
      await assertIds(tx, 'learning_tags', actor.clientId, body.tagIds, 'tagIds');
      const values = {
        title: body.title,
        description: body.description,
        categoryId: body.categoryId,
        tagIds: [...new Set(body.tagIds)],
        subscriptionMode: body.subscriptionMode,
        sequential: body.sequential,
        updatedAt: new Date(),
      };
      if (trailId === null) {
        const [row] = await tx
          .insert(trails)
          .values({ clientId: actor.clientId, ...values })
          .returning({ id: trails.id });
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'trail.create',
          target: { type: 'trail', id: row!.id },
        });
        return row!.id;
      }
      await trailRow(actor.clientId, trailId, tx);
      await tx
        .update(trails)
        .set(values)
        .where(and(eq(trails.id, trailId), eq(trails.clientId, actor.clientId)));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'trail.update',
        target: { type: 'trail', id: trailId },
      });
      return trailId;
    });
    return adminTrail(actor.clientId, id);
  }

  async function setTrailItems(actor: Actor, trailId: number, body: TrailItemsBody) {
    await kit.changeCatalog(actor.clientId, async (tx) => {
      await trailRow(actor.clientId, trailId, tx);
      if (body.items.some((i) => i.kind !== 'course'))
        throw new AppError('LEARNING_TRAIL_ITEM_NOT_SUPPORTED', 400);
      const ids = body.items.map((i) => i.itemId);
      if (new Set(ids).size !== ids.length)
        throw new AppError('LEARNING_INVALID_REFERENCE', 400, { details: { field: 'items' } });
      await assertIds(tx, 'courses', actor.clientId, ids, 'items');
      await tx
        .delete(trailItems)
        .where(and(eq(trailItems.trailId, trailId), eq(trailItems.clientId, actor.clientId)));
      let position = 0;
      for (const item of body.items) {
        position += 1;
        await tx
          .insert(trailItems)
          .values({ clientId: actor.clientId, trailId, position, itemKind: item.kind, itemId: item.itemId });
      }
      await tx
        .update(trails)
        .set({ updatedAt: new Date() })
        .where(and(eq(trails.id, trailId), eq(trails.clientId, actor.clientId)));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'trail.set_items',
        target: { type: 'trail', id: trailId },
        details: body.items,
      });
    });
    return adminTrail(actor.clientId, trailId);
  }

  async function setTrailCover(actor: Actor, trailId: number, data: Buffer) {
    await kit.setItemCover(actor, 'trail', trailId, data);
    return adminTrail(actor.clientId, trailId);
  }

  async function publishTrail(actor: Actor, trailId: number, published: boolean) {
    await kit.setItemPublished(actor, 'trail', trailId, published);
    return adminTrail(actor.clientId, trailId);
  }

  async function setTrailAudience(actor: Actor, trailId: number, input: AudienceBody) {
    await kit.setItemAudience(actor, 'trail', trailId, input);
    return adminTrail(actor.clientId, trailId);
  }

  return {
    listTrails,
    adminTrail,
    createTrail: (actor: Actor, body: TrailBody) => saveTrail(actor, null, body),
    updateTrail: (actor: Actor, trailId: number, body: TrailBody) => saveTrail(actor, trailId, body),
    setTrailItems,
    setTrailCover,
    publishTrail,
    setTrailAudience,
  };
}
