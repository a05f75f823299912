import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Audience, AudienceBody } from '@trilha/contracts/learning';
import { audienceBody } from '@trilha/contracts/learning';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../db/client';
import type { EventSink } from '../../jobs/job-queue';
import { courses, trails } from '../../db/schema/learning';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { audit } from '../audit/audit';
import { renderWebp } from '../../lib/image-upload';
import { imageRefusal, sniffUpload, tooLarge, uploadRefused } from '../../lib/uploads';
import { intArrayParam } from './viewer';

export interface Actor {
  userId: number;
  clientId: number;
}

const COVER_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What every part of the learning back office shares: the transaction of a catalog write, the check of
 * referenced ids, and the writes courses and trails both have (cover, publishing, audience).
 */
export function createSharedWrites(deps: { db: Db; storage: Storage; events: EventSink }) {
  const { db, storage, events } = deps;

  /**
   * The transaction of a write to what a client's learners see (content, publishing, audiences,
   * taxonomy): it emits learning.catalog-changed, which drops the cached catalogs once it commits.
   */
  function changeCatalog<T>(clientId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
    return events.transaction(db, async (tx) => {
      const result = await work(tx);
      await events.emit('learning.catalog-changed', { clientId }, { tx });
      return result;
    });
  }

  async function assertIds(
    tx: DbOrTx,
    table: string,
    clientId: number,
    ids: readonly number[],
    field: string,
  ) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const clientFilter = table === 'countries' ? sql`` : sql` and client_id = ${clientId}`;
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} where id = any(${intArrayParam(unique)}::int[])${clientFilter}`,
      ),
    );
    if ((row?.n ?? 0) !== unique.length)
      throw new AppError('LEARNING_INVALID_REFERENCE', 400, { details: { field } });
  }

  /** Resizes a cover to 1200×675 WebP (cropped to fill) and stores it under a fresh key. */
  async function storeCover(clientId: number, owner: string, data: Buffer): Promise<string> {
    if (data.length === 0) throw uploadRefused('UPLOAD_EMPTY', 400);
    if (data.length > COVER_MAX_BYTES) throw tooLarge(COVER_MAX_BYTES);
    await sniffUpload(data, ['image']);
    let webp: Buffer;
    try {
      webp = await renderWebp(data, {
        width: 1200,
        height: 675,
        fit: 'cover',
        position: 'attention',
        quality: 80,
      });
    } catch (error) {
      throw imageRefusal(error);
    }
    const key = `learning/c${clientId}/${owner}/cover-${randomBytes(6).toString('hex')}/cover.webp`;
    await storage.put(key, webp);
    return key;
  }

  // ---------------------------------------------------------------- writes courses and trails share

  /**
   * The table of a course or a trail for the writes both have: the same columns (id, client, cover,
   * publishing, audience, updated at) under the same names (checked when this compiles, by `SameItemColumns`).
   */
  const itemTable = (kind: ItemKind) => (kind === 'course' ? courses : (trails as unknown as typeof courses));

  async function itemCoverKey(kind: ItemKind, clientId: number, id: number, tx: DbOrTx = db) {
    const t = itemTable(kind);
    const [row] = await tx
      .select({ coverKey: t.coverKey })
      .from(t)
      .where(and(eq(t.id, id), eq(t.clientId, clientId)));
    if (!row) throw notFound();
    return row.coverKey;
  }

  /** A new cover (the old one's files are removed once the new one is in place). */
  async function setItemCover(actor: Actor, kind: ItemKind, id: number, data: Buffer) {
    const old = await itemCoverKey(kind, actor.clientId, id);
    const key = await storeCover(actor.clientId, `${kind}s/${id}`, data);
    const t = itemTable(kind);
    await changeCatalog(actor.clientId, async (tx) => {
      await tx.update(t).set({ coverKey: key, updatedAt: new Date() }).where(eq(t.id, id));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: `${kind}.set_cover`,
        target: { type: kind, id },
      });
    });
    if (old) await storage.removePrefix(old.slice(0, old.lastIndexOf('/')));
  }

  async function setItemPublished(actor: Actor, kind: ItemKind, id: number, published: boolean) {
    const t = itemTable(kind);
    await changeCatalog(actor.clientId, async (tx) => {
      await itemCoverKey(kind, actor.clientId, id, tx);
      await tx
        .update(t)
        .set({ published, publishedAt: published ? new Date() : null, updatedAt: new Date() })
        .where(eq(t.id, id));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: published ? `${kind}.publish` : `${kind}.unpublish`,
        target: { type: kind, id },
      });
    });
  }

  /** Areas, groups and countries must be the client's; every list empty means everyone. */
  async function setItemAudience(actor: Actor, kind: ItemKind, id: number, input: AudienceBody) {
    const a = audienceBody.parse(input);
    const t = itemTable(kind);
    await changeCatalog(actor.clientId, async (tx) => {
      await itemCoverKey(kind, actor.clientId, id, tx);
      await checkAudience(tx, actor.clientId, a);
      await tx
        .update(t)
        .set({ ...audienceValues(a), updatedAt: new Date() })
        .where(eq(t.id, id));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: `${kind}.set_audience`,
        target: { type: kind, id },
        details: a,
      });
    });
  }

  async function checkAudience(tx: DbOrTx, clientId: number, a: Audience) {
    await assertIds(tx, 'audience_areas', clientId, a.areaIds, 'areaIds');
    await assertIds(tx, 'audience_groups', clientId, a.groupIds, 'groupIds');
    await assertIds(tx, 'countries', clientId, a.countryIds, 'countryIds');
  }
  const audienceValues = (a: Audience) => ({
    audienceAreaIds: [...new Set(a.areaIds)],
    audienceGroupIds: [...new Set(a.groupIds)],
    audienceCountryIds: [...new Set(a.countryIds)],
    audienceRoles: [...new Set(a.roles)],
  });

  return { changeCatalog, assertIds, setItemCover, setItemPublished, setItemAudience };
}
export type SharedWrites = ReturnType<typeof createSharedWrites>;

type ItemKind = 'course' | 'trail';
// A compile error here means trails no longer have every column the shared writes use on courses.
true satisfies SameItemColumns;
type ItemColumns =
  | 'id'
  | 'clientId'
  | 'coverKey'
  | 'published'
  | 'publishedAt'
  | 'updatedAt'
  | 'audienceAreaIds'
  | 'audienceGroupIds'
  | 'audienceCountryIds'
  | 'audienceRoles';
/** `true` while trails have every column the shared writes use on courses, with the same types. */
type SameItemColumns =
  Pick<typeof trails.$inferSelect, ItemColumns> extends Pick<typeof courses.$inferSelect, ItemColumns>
    ? Pick<typeof courses.$inferSelect, ItemColumns> extends Pick<typeof trails.$inferSelect, ItemColumns>
      ? true
      : never
    : never;
