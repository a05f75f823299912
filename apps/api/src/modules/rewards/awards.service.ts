import type {
  Award,
  AwardBody,
  AwardTargetType,
  EarnedResponse,
  RewardSettings,
  RewardSettingsBody,
} from '@trilha/contracts/rewards/awards';
import { awardBody, certificateTargetTypes, rewardSettingsBody } from '@trilha/contracts/rewards/awards';
import type { LanguageCode } from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { NotificationService } from '../notifications/notifications.service';
import { isoWeekStart } from './badge-criteria';
import { createAwardsRepo, type AwardRow } from './awards.repo';
import type { LearningFinishes } from './awards.ports';
import { createBadgesRepo, type BadgeRow } from './badges.repo';
import { learnerBadgeOf, type Actor, type BadgesService } from './badges.service';
import type { CertificatesPort, LedgerPort } from './ports';

const DAY_MS = 86_400_000;

/** A learner finished an activity, course or trail (learning's finish events, in one shape). */
export interface Finish {
  clientId: number;
  userId: number;
  targetType: AwardTargetType;
  targetId: number;
  title: string;
  workloadMinutes: number | null;
  /** The course's category (course finishes only). */
  categoryId?: number | null;
  finishedAt: string;
}

/** What one finish gave (nothing when another delivery of it gave it first). */
export interface FinishOutcome {
  granted: boolean;
  badges: number[];
}

const awardOf = (row: AwardRow): Award => ({
  points: row.points,
  pointsValidityDays: row.pointsValidityDays,
  xp: row.xp,
  badgeId: row.badgeId,
  certificate: row.certificate,
  certificateValidityMonths: row.certificateValidityMonths,
});

const DEFAULT_SETTINGS: RewardSettings = { learningPointsValidityDays: null, certificateReminderDays: 30 };

/**
 * Awards on finishing activities, courses and trails: their editor, the reaction that gives them exactly
 * once (the award_grants row is the guard: every delivery of an event, parallel ones included, after the
 * first finds it and gives nothing), what a learner earned, and the client's reward settings.
 */
export function createAwardsService(deps: {
  db: Db;
  ledger: LedgerPort;
  certificates: CertificatesPort;
  learning: LearningFinishes;
  notifications: NotificationService;
  badges: BadgesService;
}) {
  const { db, ledger, certificates, learning, badges } = deps;

  async function assertTarget(clientId: number, type: AwardTargetType, id: number) {
    const target = await learning.target(clientId, type, id);
    if (!target) throw notFound();
    return target;
  }

  async function get(clientId: number, type: AwardTargetType, id: number): Promise<Award | null> {
    await assertTarget(clientId, type, id);
    const row = await createAwardsRepo(db, clientId).find(type, id);
    return row ? awardOf(row) : null;
  }

  async function save(actor: Actor, type: AwardTargetType, id: number, input: AwardBody): Promise<Award> {
    const values = awardBody.parse(input);
    await assertTarget(actor.clientId, type, id);
    if (values.certificate && !(certificateTargetTypes as readonly string[]).includes(type)) {
      throw new AppError('REWARDS_AWARD_CERTIFICATE_TARGET', 400, {
        details: [{ path: 'certificate', issue: 'not_allowed' }],
      });
    }
    if (values.badgeId !== null && !(await createBadgesRepo(db, actor.clientId).find(values.badgeId))) {
      throw new AppError('REWARDS_AWARD_BADGE_NOT_FOUND', 400, {
        details: [{ path: 'badgeId', issue: 'not_found' }],
      });
    }
    return unitOfWork(db).run(async (tx) => {
      const repo = createAwardsRepo(tx, actor.clientId);
      const before = await repo.find(type, id);
      const row = await repo.save(type, id, values);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'award.save',
        target: { type: 'award', id: row.id },
        before: before ? awardOf(before) : null,
        after: { targetType: type, targetId: id, ...awardOf(row) },
      });
      return awardOf(row);
    });
  }

  async function remove(actor: Actor, type: AwardTargetType, id: number): Promise<void> {
    await assertTarget(actor.clientId, type, id);
    await unitOfWork(db).run(async (tx) => {
      const repo = createAwardsRepo(tx, actor.clientId);
      const before = await repo.find(type, id);
      if (!before) return;
      await repo.remove(type, id);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'award.remove',
        target: { type: 'award', id: before.id },
        before: { targetType: type, targetId: id, ...awardOf(before) },
      });
    });
  }

  /**
   * Gives the award of the finish (once), then every badge it now earns, in one unit of work: a failure
   * anywhere (the ledger, the certificate) rolls all of it back and the event's retry starts over.
   */
  async function onFinish(finish: Finish, now = new Date()): Promise<FinishOutcome> {
    const { clientId, userId, targetType, targetId } = finish;
    return unitOfWork(db).run(async (tx) => {
      const repo = createAwardsRepo(tx, clientId);
      const given: BadgeRow[] = [];
      let granted = false;
      let credited = false;
      const award = await repo.find(targetType, targetId);
      if (award) {
        const grant = await repo.insertGrant({
          userId,
          targetType,
          targetId,
          moment: 'finish',
          points: award.points,
          xp: award.xp,
          badgeId: award.badgeId,
        });
        if (grant) {
          granted = true;
          if (award.points > 0 || award.xp > 0) {
            credited = true;
            await ledger.credit({
              clientId,
              userId,
              points: award.points,
              xp: award.xp,
              source: targetType,
              refType: targetType,
              refId: targetId,
              refLabel: finish.title,
              actorId: userId,
              reason: null,
              idempotencyKey: `award:${targetType}:${targetId}`,
              ...(award.pointsValidityDays !== null
                ? { expiresAt: new Date(Date.parse(finish.finishedAt) + award.pointsValidityDays * DAY_MS) }
                : {}),
            });
            await deps.notifications.notify(
              {
                userId,
                clientId,
                kind: 'rewards.earned',
                data: { title: finish.title, points: award.points, xp: award.xp },
              },
              { tx },
            );
          }
          if (award.badgeId !== null) {
            const badge = await createBadgesRepo(tx, clientId).find(award.badgeId);
            // A badge deactivated since the award was set is no longer given.
            if (
              badge?.active &&
              (await badges.grant(clientId, userId, badge, { type: targetType, id: targetId }, null))
            ) {
              given.push(badge);
            }
          }
          if (award.certificate && targetType !== 'activity') {
            const issued = await certificates.issue({
              clientId,
              userId,
              targetType,
              targetId,
              title: finish.title,
              workloadMinutes: finish.workloadMinutes,
              validityMonths: award.certificateValidityMonths,
            });
            await repo.setGrantCertificate(grant.id, { id: issued.id, code: issued.code });
          }
        }
      }
      const ref = { type: targetType, id: targetId };
      if (targetType === 'activity') {
        await repo.markActiveWeek(userId, isoWeekStart(new Date(finish.finishedAt)));
        given.push(...(await badges.grantMet(clientId, userId, ['streak_weeks'], ref, now)));
      } else if (targetType === 'course') {
        given.push(
          ...(await badges.grantMet(
            clientId,
            userId,
            ['course', 'category_courses'],
            ref,
            now,
            (b) =>
              (b.criterion === 'course' && b.criterionRefId === targetId) ||
              (b.criterion === 'category_courses' && b.criterionRefId === (finish.categoryId ?? null)),
          )),
        );
      } else {
        given.push(
          ...(await badges.grantMet(
            clientId,
            userId,
            ['trail'],
            ref,
            now,
            (b) => b.criterionRefId === targetId,
          )),
        );
      }
      // Thresholds are crossed by a credit: checked right after this finish's own.
      if (credited) given.push(...(await badges.grantThresholds(clientId, userId, ref, now)));
      return { granted, badges: given.map((b) => b.id) };
    });
  }

  /** GET /api/rewards/earned: what finishing the target gave the caller (the finishing screen polls it). */
  async function earned(
    clientId: number,
    userId: number,
    type: AwardTargetType,
    id: number,
    lang: LanguageCode,
  ): Promise<EarnedResponse> {
    const repo = createAwardsRepo(db, clientId);
    const none: EarnedResponse = {
      status: 'none',
      points: 0,
      xp: 0,
      badge: null,
      certificate: null,
      grantedAt: null,
    };
    const grant = await repo.findGrant(userId, type, id);
    if (grant) {
      const badge =
        grant.badgeId !== null ? await createBadgesRepo(db, clientId).find(grant.badgeId) : undefined;
      return {
        status: 'granted',
        points: grant.points,
        xp: grant.xp,
        badge: badge ? learnerBadgeOf(badge, lang) : null,
        certificate:
          grant.certificateId !== null && grant.certificateCode !== null
            ? { id: grant.certificateId, code: grant.certificateCode }
            : null,
        grantedAt: grant.grantedAt.toISOString(),
      };
    }
    const award = await repo.find(type, id);
    if (!award || !(await learning.finished(clientId, userId, type, id))) return none;
    return { ...none, status: 'pending', points: award.points, xp: award.xp };
  }

  async function settings(clientId: number): Promise<RewardSettings> {
    const row = await createAwardsRepo(db, clientId).settings();
    return row
      ? {
          learningPointsValidityDays: row.learningPointsValidityDays,
          certificateReminderDays: row.certificateReminderDays,
        }
      : DEFAULT_SETTINGS;
  }

  async function saveSettings(actor: Actor, input: RewardSettingsBody): Promise<RewardSettings> {
    const values = rewardSettingsBody.parse(input);
    await unitOfWork(db).run(async (tx) => {
      const repo = createAwardsRepo(tx, actor.clientId);
      const before = await repo.settings();
      await repo.saveSettings(values);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'reward_settings.save',
        target: { type: 'client', id: actor.clientId },
        before: before
          ? {
              learningPointsValidityDays: before.learningPointsValidityDays,
              certificateReminderDays: before.certificateReminderDays,
            }
          : null,
        after: values,
      });
    });
    return values;
  }

  return { get, save, remove, onFinish, earned, settings, saveSettings };
}
export type AwardsService = ReturnType<typeof createAwardsService>;
