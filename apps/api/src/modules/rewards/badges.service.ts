import { randomBytes } from 'node:crypto';
import type {
  AdminBadge,
  BadgeBody,
  BadgeCriterion,
  BadgeGrantBody,
  MyBadgesResponse,
} from '@trilha/contracts/rewards/badges';
import { badgeBody, badgeGrantBody, criteriaWithRef } from '@trilha/contracts/rewards/badges';
import type { LearnerBadge } from '@trilha/contracts/rewards/awards';
import type { LanguageCode } from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { unitOfWork, whenCommitted } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { renderWebp } from '../../lib/image-upload';
import type { Storage } from '../../lib/storage';
import { imageRefusal, sniffUpload, tooLarge, uploadRefused } from '../../lib/uploads';
import { audit } from '../audit/audit';
import type { NotificationService } from '../notifications/notifications.service';
import type { UserDirectory } from '../users/user-directory';
import { badgeTextIn, streakWeeks } from './badge-criteria';
import { createAwardsRepo } from './awards.repo';
import type { LearningFinishes } from './awards.ports';
import { createBadgesRepo, type BadgeRow } from './badges.repo';
import type { LedgerPort } from './ports';

/** Largest badge artwork upload; it is stored re-encoded as a 512×512 WebP. */
export const BADGE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const BADGE_IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** How many active weeks a streak is read over (the longest streak a badge may ask for). */
const STREAK_WINDOW = 520;

const IMAGE_TOKEN = /^(\d{1,10})-(\d{1,10})-([0-9a-f]{12})$/;
const IMAGE_KEY = /^badges\/c(\d+)\/(\d+)-([0-9a-f]{12})\.webp$/;

/** The media route's address of a badge's artwork (unguessable, changes with every upload). */
export function badgeImageUrl(imageKey: string | null): string | null {
  const m = imageKey ? IMAGE_KEY.exec(imageKey) : null;
  return m ? `/api/media/badges/${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The storage key behind a badge image token; undefined for a malformed one. */
export function badgeImageKey(token: string): string | undefined {
  const m = IMAGE_TOKEN.exec(token);
  return m ? `badges/c${m[1]}/${m[2]}-${m[3]}.webp` : undefined;
}

export function learnerBadgeOf(badge: BadgeRow, lang: LanguageCode): LearnerBadge {
  return { id: badge.id, ...badgeTextIn(badge.texts, lang), imageUrl: badgeImageUrl(badge.imageKey) };
}

export interface Actor {
  userId: number;
  clientId: number;
}

/** What earned a badge, for the user_badges row and the audit. */
export interface BadgeRef {
  type: string;
  id: number | null;
}

/**
 * Badge definitions per client (texts per language, artwork, criterion), manual grants, the learner's
 * list, and the automatic grants the award reactions ask for. Deleting a badge that users hold is
 * refused (REWARDS_BADGE_HELD): their profile keeps it, and the editor deactivates it instead.
 */
export function createBadgesService(deps: {
  db: Db;
  storage: Storage;
  ledger: LedgerPort;
  learning: LearningFinishes;
  notifications: NotificationService;
  directory: UserDirectory;
}) {
  const { db, learning } = deps;

  function adminBadgeOf(badge: BadgeRow, holders: number): AdminBadge {
    return {
      id: badge.id,
      texts: badge.texts,
      criterion: badge.criterion,
      criterionRefId: badge.criterionRefId,
      criterionCount: badge.criterionCount,
      active: badge.active,
      imageUrl: badgeImageUrl(badge.imageKey),
      holders,
      createdAt: badge.createdAt.toISOString(),
      updatedAt: badge.updatedAt.toISOString(),
    };
  }

  /** The course, trail or category a criterion names must be the client's. */
  async function checkCriterionTarget(clientId: number, criterion: BadgeCriterion, refId: number | null) {
    if (!(criteriaWithRef as readonly string[]).includes(criterion) || refId === null) return;
    const type = criterion === 'category_courses' ? 'category' : (criterion as 'course' | 'trail');
    if (!(await learning.target(clientId, type, refId))) {
      throw new AppError('REWARDS_BADGE_CRITERION_TARGET_NOT_FOUND', 400, {
        details: [{ path: 'criterionRefId', issue: 'not_found' }],
      });
    }
  }

  async function list(clientId: number): Promise<AdminBadge[]> {
    return (await createBadgesRepo(db, clientId).list()).map((b) => adminBadgeOf(b, b.holders));
  }

  async function get(clientId: number, id: number): Promise<AdminBadge> {
    const repo = createBadgesRepo(db, clientId);
    const badge = await repo.findOr404(id);
    return adminBadgeOf(badge, await repo.holders(id));
  }

  async function create(actor: Actor, input: BadgeBody): Promise<AdminBadge> {
    const values = badgeBody.parse(input);
    await checkCriterionTarget(actor.clientId, values.criterion, values.criterionRefId);
    const badge = await unitOfWork(db).run(async (tx) => {
      const row = await createBadgesRepo(tx, actor.clientId).create(values);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'badge.create',
        target: { type: 'badge', id: row.id },
        after: values,
      });
      return row;
    });
    return adminBadgeOf(badge, 0);
  }

  async function update(actor: Actor, id: number, input: BadgeBody): Promise<AdminBadge> {
    const values = badgeBody.parse(input);
    await checkCriterionTarget(actor.clientId, values.criterion, values.criterionRefId);
    await unitOfWork(db).run(async (tx) => {
      const repo = createBadgesRepo(tx, actor.clientId);
      const before = await repo.findOr404(id);
      await repo.update(id, values);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'badge.update',
        target: { type: 'badge', id },
        before: {
          texts: before.texts,
          criterion: before.criterion,
          criterionRefId: before.criterionRefId,
          criterionCount: before.criterionCount,
          active: before.active,
        },
        after: values,
      });
    });
    return get(actor.clientId, id);
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    const imageKey = await unitOfWork(db).run(async (tx) => {
      const repo = createBadgesRepo(tx, actor.clientId);
      const badge = await repo.findOr404(id);
      if ((await repo.holders(id)) > 0) throw new AppError('REWARDS_BADGE_HELD', 409);
      await repo.remove(id);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'badge.delete',
        target: { type: 'badge', id },
        before: { texts: badge.texts, criterion: badge.criterion },
      });
      return badge.imageKey;
    });
    if (imageKey) await deps.storage.remove(imageKey).catch(() => undefined);
  }

  /** PNG, JPEG or WebP (by content), re-encoded to a 512×512 WebP without its metadata. */
  async function setImage(actor: Actor, id: number, data: Buffer): Promise<AdminBadge> {
    const badge = await createBadgesRepo(db, actor.clientId).findOr404(id);
    if (data.length === 0) throw uploadRefused('UPLOAD_EMPTY', 400);
    if (data.length > BADGE_IMAGE_MAX_BYTES) throw tooLarge(BADGE_IMAGE_MAX_BYTES);
    const { mime } = await sniffUpload(data, ['image']);
    if (!BADGE_IMAGE_MIMES.has(mime)) throw uploadRefused('UPLOAD_TYPE_NOT_ACCEPTED', 415);
    let webp: Buffer;
    try {
      webp = await renderWebp(data, {
        width: 512,
        height: 512,
        fit: 'cover',
        position: 'attention',
        quality: 85,
      });
    } catch (error) {
      throw imageRefusal(error);
    }
    const key = `badges/c${actor.clientId}/${id}-${randomBytes(6).toString('hex')}.webp`;
    await deps.storage.put(key, webp);
    await unitOfWork(db).run(async (tx) => {
      await createBadgesRepo(tx, actor.clientId).setImage(id, key);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'badge.set_image',
        target: { type: 'badge', id },
      });
      const old = badge.imageKey;
      if (old) await whenCommitted(() => deps.storage.remove(old).catch(() => undefined));
    });
    return get(actor.clientId, id);
  }

  /**
   * Gives the badge to the user once, in the caller's unit of work: the user_badges row, its audit and
   * the user's notification. False when the user already held it.
   */
  async function grant(
    clientId: number,
    userId: number,
    badge: BadgeRow,
    ref: BadgeRef,
    actorId: number | null,
    reason?: string,
  ): Promise<boolean> {
    return unitOfWork(db).run(async (tx) => {
      const row = await createBadgesRepo(tx, clientId).grant(userId, badge.id, ref);
      if (!row) return false;
      await audit(tx, {
        actorId,
        clientId,
        action: 'badge.grant',
        target: { type: 'badge', id: badge.id },
        details: { userId, ref, ...(reason ? { reason } : {}) },
      });
      const lang = (await deps.directory.languageOf(userId, tx)) as LanguageCode | null;
      await deps.notifications.notify(
        {
          userId,
          clientId,
          kind: 'rewards.badge',
          data: { badgeName: badgeTextIn(badge.texts, lang ?? 'pt-BR').name },
        },
        { tx },
      );
      return true;
    });
  }

  /**
   * Grants one active badge of the client by its id, once (in the caller's unit of work); null when the
   * badge is missing, inactive or already held. For a module that gives a badge of its own rule (the
   * daily challenge's streak). Answers the badge as the learner reads it in `lang`.
   */
  async function grantById(
    clientId: number,
    userId: number,
    badgeId: number,
    ref: BadgeRef,
    lang: LanguageCode,
  ) {
    const badge = await createBadgesRepo(db, clientId).find(badgeId);
    if (!badge?.active) return null;
    return (await grant(clientId, userId, badge, ref, null)) ? learnerBadgeOf(badge, lang) : null;
  }

  /** POST /api/admin/badges/:id/grant: to a user of the client (another client's user: 404). */
  async function grantManually(actor: Actor, id: number, input: BadgeGrantBody) {
    const { userId, reason } = badgeGrantBody.parse(input);
    const badge = await createBadgesRepo(db, actor.clientId).findOr404(id);
    if (!badge.active) throw new AppError('REWARDS_BADGE_INACTIVE', 409);
    const member = await deps.directory.withActiveMemberships(userId);
    if (!member?.memberships.some((m) => m.clientId === actor.clientId)) throw notFound();
    const granted = await grant(
      actor.clientId,
      userId,
      badge,
      { type: 'manual', id: null },
      actor.userId,
      reason,
    );
    const earnedAt = await createBadgesRepo(db, actor.clientId).earnedAt(userId, id);
    return { granted, earnedAt: (earnedAt ?? new Date()).toISOString() };
  }

  /** The user's progress towards a badge; null for manual ones. */
  async function progressOf(
    clientId: number,
    userId: number,
    badge: BadgeRow,
    now: Date,
    cache: { points?: number; xp?: number; weeks?: string[] },
  ): Promise<{ current: number; required: number } | null> {
    const required = badge.criterionCount ?? 1;
    switch (badge.criterion) {
      case 'manual':
        return null;
      case 'course':
      case 'trail': {
        const done = await learning.finished(clientId, userId, badge.criterion, badge.criterionRefId!);
        return { current: done ? 1 : 0, required: 1 };
      }
      case 'category_courses':
        return {
          current: await learning.finishedCoursesInCategory(clientId, userId, badge.criterionRefId!),
          required,
        };
      case 'points':
        cache.points ??= await createAwardsRepo(db, clientId).pointsEverCredited(userId);
        return { current: cache.points, required };
      case 'xp':
        cache.xp ??= (await deps.ledger.balance(clientId, userId)).xp;
        return { current: cache.xp, required };
      case 'streak_weeks':
        cache.weeks ??= await createAwardsRepo(db, clientId).activeWeeks(userId, STREAK_WINDOW);
        return { current: streakWeeks(cache.weeks, now), required };
    }
  }

  /** GET /api/rewards/badges: earned ones with their date, the others with what is missing. */
  async function mine(
    clientId: number,
    userId: number,
    lang: LanguageCode,
    now = new Date(),
  ): Promise<MyBadgesResponse> {
    const repo = createBadgesRepo(db, clientId);
    const earned = await repo.earned(userId);
    const others = await repo.notHeld(userId, [
      'manual',
      'course',
      'trail',
      'category_courses',
      'points',
      'xp',
      'streak_weeks',
    ]);
    const cache = {};
    const available: MyBadgesResponse['available'] = [];
    for (const badge of others) {
      let target: MyBadgesResponse['available'][number]['target'] = null;
      if (badge.criterionRefId !== null && (criteriaWithRef as readonly string[]).includes(badge.criterion)) {
        const type =
          badge.criterion === 'category_courses' ? 'category' : (badge.criterion as 'course' | 'trail');
        const found = await learning.target(clientId, type, badge.criterionRefId);
        // A badge whose course, trail or category is gone can no longer be earned: not shown.
        if (!found) continue;
        target = { type, id: badge.criterionRefId, title: found.title };
      }
      available.push({
        badge: learnerBadgeOf(badge, lang),
        criterion: badge.criterion,
        target,
        progress: await progressOf(clientId, userId, badge, now, cache),
      });
    }
    return {
      earned: earned.map((e) => ({
        badge: learnerBadgeOf(e.badge, lang),
        earnedAt: e.earnedAt.toISOString(),
      })),
      available,
    };
  }

  /**
   * Grants every active badge of these criteria the user now meets (in the caller's unit of work);
   * answers the badges given.
   */
  async function grantMet(
    clientId: number,
    userId: number,
    criteria: readonly BadgeCriterion[],
    ref: BadgeRef,
    now: Date,
    only?: (badge: BadgeRow) => boolean,
  ): Promise<BadgeRow[]> {
    const candidates = (await createBadgesRepo(db, clientId).notHeld(userId, criteria)).filter(
      (b) => !only || only(b),
    );
    const given: BadgeRow[] = [];
    const cache = {};
    for (const badge of candidates) {
      const progress = await progressOf(clientId, userId, badge, now, cache);
      if (!progress || progress.current < progress.required) continue;
      if (await grant(clientId, userId, badge, ref, null)) given.push(badge);
    }
    return given;
  }

  /**
   * Grants the points and XP threshold badges the user now meets, in the caller's unit of work: called
   * after every credit that can cross one (an award's, an administrator's adjustment up).
   */
  function grantThresholds(clientId: number, userId: number, ref: BadgeRef, now: Date) {
    return grantMet(clientId, userId, ['points', 'xp'], ref, now);
  }

  /** The client's active badges by name in `lang`: what an author may attach to an award. */
  async function activeChoices(clientId: number, lang: LanguageCode) {
    const rows = await createBadgesRepo(db, clientId).list();
    return rows
      .filter((b) => b.active)
      .map((b) => ({ id: b.id, name: badgeTextIn(b.texts, lang).name, imageUrl: badgeImageUrl(b.imageKey) }));
  }

  /** What a criterion can name: every course, trail or category of the client, published or not. */
  const criterionChoices = (clientId: number, kind: 'course' | 'trail' | 'category') =>
    learning.choices(clientId, kind);

  return {
    list,
    get,
    create,
    update,
    remove,
    setImage,
    grant,
    grantById,
    grantManually,
    mine,
    grantMet,
    grantThresholds,
    activeChoices,
    criterionChoices,
  };
}
export type BadgesService = ReturnType<typeof createBadgesService>;
