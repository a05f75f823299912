import { randomBytes } from 'node:crypto';
import {
  photoSettingsBody,
  photoTypeBody,
  sendPhotoBody,
  type AuditPhoto,
  type PhotoStatus,
  type PhotoType,
  type StorePhoto,
} from '@trilha/contracts/photos';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { audit } from '../audit/audit';
import type { LoyaltySalesPort } from '../loyalty/loyalty.port';
import type { NotificationService } from '../notifications/notifications.service';
import type { BadgesService } from '../rewards/badges.service';
import type { LedgerService } from '../rewards/ledger.service';
import { prepareImage, type PreparedImage } from './photos.image';
import { createPhotosRepo, dateText, type PhotoRow, type PhotoTypeRow } from './photos.repo';
import { photoWeekOf, shiftWeek, weekEndOf } from './photos.rules';

/** The ledger's reference of what a campaign credits (the loyalty module's `CAMPAIGN_REF`). */
const CAMPAIGN_REF = 'loyalty_campaign';

export interface PhotosDeps {
  db: Db;
  now: () => Date;
  storage: Storage;
  /** The campaign, the user's registration and the store, as a sale report reads them. */
  loyalty: LoyaltySalesPort;
  ledger: Pick<LedgerService, 'credit'>;
  notifications: Pick<NotificationService, 'notify'>;
  /** Gives the client's weekly streak badge (docs/photos.md). */
  badges: Pick<BadgesService, 'grantById'>;
  /** The level-change check after an XP credit (the loyalty module's levels service). */
  levels: {
    xpCredited(input: { clientId: number; userId: number; campaignId: number }): Promise<number | null>;
  };
}

export interface Actor {
  userId: number;
  clientId: number;
}

export const photoImageKey = (clientId: number, name: string) => `photos/c${clientId}/${name}.webp`;

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
const iso = (value: string | Date) => new Date(value).toISOString();
const nameOf = (r: PhotoRow) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username || '';

function photoOf(row: PhotoRow): StorePhoto {
  const weekStart = dateText(row.week_start);
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    storeId: Number(row.store_id),
    storeName: row.store_name,
    photoTypeId: Number(row.photo_type_id),
    photoTypeName: row.photo_type_name,
    weekStart,
    weekEnd: weekEndOf(weekStart),
    status: row.status,
    rejectionReason: row.rejection_reason,
    points: row.credited_points === null ? Number(row.type_points) : Number(row.credited_points),
    imageSha256: row.image_sha256,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
  };
}

const auditPhotoOf = (row: PhotoRow): AuditPhoto => ({
  ...photoOf(row),
  userId: Number(row.user_id),
  userName: nameOf(row),
  sameImage: Number(row.same_image ?? 0),
});

const typeOf = (r: PhotoTypeRow): PhotoType => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  points: Number(r.points),
  active: Boolean(r.active),
});

function validation(issues: { path: PropertyKey[]; message: string }[]) {
  const details = issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), issue: i.message }));
  const nul = details.every((d) => d.issue === 'TEXT_INVALID_CHARACTER');
  return new AppError(nul ? 'TEXT_INVALID_CHARACTER' : 'VALIDATION_FAILED', 400, { details });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

const alreadySent = () => new AppError('PHOTOS_ALREADY_SENT_THIS_WEEK', 409);

/**
 * Store photos of the loyalty program (docs/photos.md): photo types per client, a learner's weekly photo
 * per store and type, and their audit, whose approval credits the type's points as a lot expiring at
 * the campaign's end (and as many XP), once.
 */
export function createPhotosService(deps: PhotosDeps) {
  const uow = unitOfWork(deps.db);
  const repoOf = (clientId: number) => createPhotosRepo(deps.db, clientId);

  /** The campaign running now, my active registration in it, and the store eligible in it. */
  async function checkedContext(actor: Actor, campaignId: number, storeId: number) {
    const context = await deps.loyalty.saleContext(actor.clientId, actor.userId, campaignId, storeId);
    if (!context) throw notFound();
    if (context.registration?.status !== 'active') throw new AppError('PHOTOS_NOT_REGISTERED', 403);
    const now = deps.now().getTime();
    if (now < context.campaign.beginsAt.getTime() || now >= context.campaign.endsAt.getTime()) {
      throw new AppError('PHOTOS_CAMPAIGN_NOT_ACTIVE', 409);
    }
    const { store } = context;
    if (!store || !store.active || !store.eligible) throw new AppError('PHOTOS_STORE_NOT_ELIGIBLE', 422);
    return { campaign: context.campaign, store };
  }

  return {
    async types(clientId: number, onlyActive: boolean) {
      return { items: (await repoOf(clientId).types(onlyActive)).map(typeOf) };
    },

    async saveType(actor: Actor, id: number | null, input: unknown): Promise<PhotoType> {
      const parsed = photoTypeBody.safeParse(input);
      if (!parsed.success) throw validation(parsed.error.issues);
      const body = { ...parsed.data, code: parsed.data.code.toLowerCase() };
      if (id !== null && !validId(id)) throw notFound();
      try {
        return await uow.run(async (tx) => {
          const repo = repoOf(actor.clientId);
          const before = id === null ? undefined : await repo.type(id);
          if (id !== null && !before) throw notFound();
          const row = id === null ? await repo.insertType(body) : await repo.updateType(id, body);
          if (!row) throw new AppError('PHOTOS_TYPE_CODE_TAKEN', 409, { details: { field: 'code' } });
          await audit(tx, {
            actorId: actor.userId,
            clientId: actor.clientId,
            action: id === null ? 'photos.type_create' : 'photos.type_update',
            target: { type: 'photo_type', id: Number(row.id) },
            before: before ? typeOf(before) : undefined,
            after: typeOf(row),
          });
          return typeOf(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('PHOTOS_TYPE_CODE_TAKEN', 409, { details: { field: 'code' } });
        }
        throw error;
      }
    },

    async settings(clientId: number) {
      return repoOf(clientId).settings();
    },

    async saveSettings(actor: Actor, input: unknown) {
      const parsed = photoSettingsBody.safeParse(input);
      if (!parsed.success) throw validation(parsed.error.issues);
      const body = parsed.data;
      return uow.run(async (tx) => {
        const repo = repoOf(actor.clientId);
        if (body.streakBadgeId !== null && !(await repo.badgeExists(body.streakBadgeId))) {
          throw new AppError('VALIDATION_FAILED', 400, {
            details: [{ path: 'streakBadgeId', issue: 'not_found' }],
          });
        }
        const before = await repo.settings();
        await repo.saveSettings(body);
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'photos.settings',
          target: { type: 'client', id: actor.clientId },
          before,
          after: body,
        });
        return body;
      });
    },

    /** Sends a store photo; `image` is the picture's bytes as sent. */
    async send(actor: Actor, input: unknown, image: Buffer | null): Promise<StorePhoto> {
      const parsed = sendPhotoBody.safeParse(input);
      if (!parsed.success) throw validation(parsed.error.issues);
      const body = parsed.data;
      if (!image) throw new AppError('PHOTOS_IMAGE_REQUIRED', 422, { details: { field: 'image' } });
      const prepared: PreparedImage = await prepareImage(image);
      const imageKey = photoImageKey(actor.clientId, randomBytes(12).toString('hex'));
      await deps.storage.put(imageKey, prepared.webp);
      try {
        return await uow.run(async (tx) => {
          const { store } = await checkedContext(actor, body.campaignId, body.storeId);
          const repo = repoOf(actor.clientId);
          const type = await repo.type(body.photoTypeId);
          if (!type?.active)
            throw new AppError('PHOTOS_TYPE_UNKNOWN', 422, { details: { field: 'photoTypeId' } });
          const { weekStart } = photoWeekOf(deps.now(), store.timeZone);
          const id = await repo.insertPhoto({
            campaignId: body.campaignId,
            userId: actor.userId,
            storeId: store.id,
            photoTypeId: type.id,
            weekStart,
            imageKey,
            imageSha256: prepared.sha256,
            imageWidth: prepared.width,
            imageHeight: prepared.height,
          });
          if (id === undefined) throw alreadySent();
          await audit(tx, {
            actorId: actor.userId,
            clientId: actor.clientId,
            action: 'photos.send',
            target: { type: 'store_photo', id },
            after: {
              campaignId: body.campaignId,
              storeId: store.id,
              photoTypeId: type.id,
              weekStart,
              imageSha256: prepared.sha256,
            },
          });
          return photoOf((await repo.photo(id))!);
        });
      } catch (error) {
        await deps.storage.remove(imageKey).catch(() => undefined);
        if (isUniqueViolation(error)) throw alreadySent();
        throw error;
      }
    },

    /** This week (in the store's zone) at a store: each active type with its photo, if one was sent. */
    async week(actor: Actor, campaignId: number, storeId: number) {
      const { store } = await checkedContext(actor, campaignId, storeId);
      const repo = repoOf(actor.clientId);
      const { weekStart, weekEnd } = photoWeekOf(deps.now(), store.timeZone);
      const [types, photos] = await Promise.all([repo.types(true), repo.storeWeek(store.id, weekStart)]);
      const byType = new Map(photos.map((p) => [Number(p.photo_type_id), p]));
      return {
        storeId: store.id,
        timeZone: store.timeZone,
        weekStart,
        weekEnd,
        items: types.map((t) => {
          const photo = byType.get(Number(t.id));
          return { photoType: typeOf(t), photo: photo ? photoOf(photo) : null };
        }),
      };
    },

    async mine(actor: Actor, query: { status?: PhotoStatus; page: number; pageSize: number }) {
      const { rows, total, pendingPoints } = await repoOf(actor.clientId).mine(
        actor.userId,
        query.status,
        query.page,
        query.pageSize,
      );
      return { items: rows.map(photoOf), total, page: query.page, pageSize: query.pageSize, pendingPoints };
    },

    async queue(clientId: number, query: { status?: PhotoStatus; page: number; pageSize: number }) {
      const { rows, total } = await repoOf(clientId).queue(query.status, query.page, query.pageSize);
      return { items: rows.map(auditPhotoOf), total, page: query.page, pageSize: query.pageSize };
    },

    /** A photo's image's storage key (a WebP): the auditor's, or the sender's own. */
    async imageKey(clientId: number, id: number, userId?: number): Promise<string> {
      if (!validId(id)) throw notFound();
      const row = await repoOf(clientId).photo(id, userId);
      if (!row) throw notFound();
      return row.image_key;
    },

    /**
     * Approves a pending photo: in one unit of work its status, the ledger's credit (the type's points as
     * a lot expiring at the campaign's end, and as many XP), the audit row and the sender's notice. An
     * approved photo stays as it is: a second click credits nothing.
     */
    async approve(actor: Actor, id: number): Promise<AuditPhoto> {
      if (!validId(id)) throw notFound();
      await uow.run(async (tx) => {
        const repo = repoOf(actor.clientId);
        const locked = await repo.lock(id);
        if (!locked) throw notFound();
        if (locked.status === 'approved') return;
        if (locked.status === 'rejected') throw new AppError('PHOTOS_ALREADY_REJECTED', 409);
        const row = (await repo.photo(id))!;
        const userId = Number(row.user_id);
        const context = await deps.loyalty.saleContext(
          actor.clientId,
          userId,
          Number(row.campaign_id),
          Number(row.store_id),
        );
        if (!context) throw notFound();
        const points = Number(row.type_points);
        await deps.ledger.credit({
          clientId: actor.clientId,
          userId,
          points,
          xp: points,
          source: 'photo',
          refType: CAMPAIGN_REF,
          refId: Number(row.campaign_id),
          refLabel: row.photo_type_name,
          actorId: actor.userId,
          idempotencyKey: `photo:${id}`,
          expiresAt: context.campaign.endsAt,
        });
        await repo.decide(id, {
          status: 'approved',
          actorId: actor.userId,
          at: deps.now(),
          reason: null,
          points,
        });
        // The XP may have reached the next level: the level-change request opens in this same unit.
        await deps.levels.xpCredited({
          clientId: actor.clientId,
          userId,
          campaignId: Number(row.campaign_id),
        });
        // The weekly streak: the run of consecutive weeks with an approved photo around this one.
        const settings = await repo.settings();
        if (settings.streakBadgeId !== null) {
          const weeks = new Set(await repo.approvedWeeks(userId, 520));
          const week = dateText(row.week_start);
          let run = 1;
          while (weeks.has(shiftWeek(week, -run))) run++;
          for (let k = 1; weeks.has(shiftWeek(week, k)); k++) run++;
          if (run >= settings.streakWeeks) {
            await deps.badges.grantById(
              actor.clientId,
              userId,
              settings.streakBadgeId,
              { type: 'photo_streak', id: null },
              'pt-BR',
            );
          }
        }
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'photos.approve',
          target: { type: 'store_photo', id },
          before: { status: 'pending' },
          after: { status: 'approved', points, xp: points },
        });
        await deps.notifications.notify(
          {
            userId,
            clientId: actor.clientId,
            kind: 'photos.approved',
            data: { typeName: row.photo_type_name, storeName: row.store_name, points },
          },
          { tx },
        );
      });
      return this.auditOne(actor.clientId, id);
    },

    /** Rejects a pending photo with a reason (which frees its store, type and week for another photo). */
    async reject(actor: Actor, id: number, reason: string): Promise<AuditPhoto> {
      if (!validId(id)) throw notFound();
      await uow.run(async (tx) => {
        const repo = repoOf(actor.clientId);
        const locked = await repo.lock(id);
        if (!locked) throw notFound();
        if (locked.status === 'rejected') throw new AppError('PHOTOS_ALREADY_REJECTED', 409);
        if (locked.status === 'approved') throw new AppError('CONFLICT', 409);
        const row = (await repo.photo(id))!;
        await repo.decide(id, {
          status: 'rejected',
          actorId: actor.userId,
          at: deps.now(),
          reason,
          points: null,
        });
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'photos.reject',
          target: { type: 'store_photo', id },
          before: { status: 'pending' },
          after: { status: 'rejected', reason },
        });
        await deps.notifications.notify(
          {
            userId: Number(row.user_id),
            clientId: actor.clientId,
            kind: 'photos.rejected',
            data: { typeName: row.photo_type_name, storeName: row.store_name, reason },
          },
          { tx },
        );
      });
      return this.auditOne(actor.clientId, id);
    },

    async auditOne(clientId: number, id: number): Promise<AuditPhoto> {
      const row = await repoOf(clientId).photo(id);
      if (!row) throw notFound();
      return auditPhotoOf(row);
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
