import type { Level } from '@trilha/contracts/loyalty';
import type { LevelRequest, LevelRequestStatus, MyLevel } from '@trilha/contracts/loyalty-levels';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { NotificationService } from '../notifications/notifications.service';
import type { LedgerEarnings } from '../rewards/ports';
import { createLevelsRepo, type HistoryRow, type RequestRow } from './loyalty-levels.repo';
import type { PendingSalesPort } from './loyalty.port';
import { createLoyaltyRepo } from './loyalty.repo';

/** The ledger's reference of what a campaign credits (the same as loyalty.service's CAMPAIGN_REF). */
const CAMPAIGN_REF = 'loyalty_campaign';
/** Members a campaign's close settles per round; each member is its own transaction. */
const CLOSE_BATCH = 100;

export interface LevelsDeps {
  db: Db;
  now: () => Date;
  /** XP per campaign, read from the ledger. */
  earnings: LedgerEarnings;
  /** The ledger's expiry of lots due by a date (idempotent per lot). */
  expiry: { expireDue(now?: Date): Promise<number> };
  pendingSales: PendingSalesPort;
  notifications: Pick<NotificationService, 'notify'>;
}

export interface Actor {
  userId: number;
  clientId: number;
}

const levelOf = (row: {
  id: number;
  name: string;
  position: number;
  minXp: number;
  multiplier: string;
}): Level => ({
  id: row.id,
  name: row.name,
  position: row.position,
  minXp: row.minXp,
  multiplier: Number(row.multiplier),
});

/**
 * The level a member held at `at`, from their history (oldest first): the last change made by then; before
 * the first change, the level that change started from; without any change, the level held (legacy rows
 * of `loyalty_member_levels`), else the program's first.
 */
export function levelAt(
  levels: readonly Level[],
  history: readonly HistoryRow[],
  held: number | null,
  at: Date,
): Level | null {
  if (levels.length === 0) return null;
  const byId = (id: number | null) => levels.find((l) => l.id === id) ?? levels[0]!;
  let last: HistoryRow | undefined;
  for (const h of history) if (h.validFrom.getTime() <= at.getTime()) last = h;
  if (last) return byId(last.levelId);
  if (history.length > 0) return byId(history[0]!.fromLevelId);
  return byId(held);
}

/**
 * Levels as members live them (docs/loyalty.md, "Levels"): the history that answers the level in force on
 * a date, the level-change requests opened when a member's XP within a campaign reaches the next level
 * and decided by the program administrator, and the campaign close that demotes who fell short.
 */
export function createLevelsService(deps: LevelsDeps) {
  const { db } = deps;
  const uow = unitOfWork(db);
  const repo = createLevelsRepo(db);

  const levelsOf = async (clientId: number) => (await createLoyaltyRepo(db, clientId).levels()).map(levelOf);

  async function levelInForce(clientId: number, userId: number, at: Date, levels?: Level[]) {
    const all = levels ?? (await levelsOf(clientId));
    if (all.length === 0) return null;
    const [history, held] = await Promise.all([
      repo.history(clientId, userId),
      createLoyaltyRepo(db, clientId).memberLevelId(userId),
    ]);
    return levelAt(all, history, held, at);
  }

  async function xpIn(clientId: number, userId: number, campaignId: number) {
    const earned = await deps.earnings.earnedByRef(clientId, userId, CAMPAIGN_REF, [campaignId]);
    return Math.max(0, earned.get(campaignId)?.xp ?? 0);
  }

  /** Opens the request for the next level when the XP reached it; runs inside the caller's unit. */
  async function openIfReached(clientId: number, userId: number, campaignId: number, levels: Level[]) {
    const campaign = await repo.campaign(clientId, campaignId);
    if (!campaign || levels.length < 2) return null;
    await repo.lockMember(clientId, userId, levels[0]!.id);
    const current = await levelInForce(clientId, userId, deps.now(), levels);
    const next = current ? levels[current.position] : undefined;
    if (!current || !next) return null;
    const xp = await xpIn(clientId, userId, campaignId);
    if (xp < next.minXp) return null;
    const id = await repo.openRequest({
      clientId,
      userId,
      campaignId,
      fromLevelId: current.id,
      toLevelId: next.id,
      xp,
    });
    if (id === null) return null;
    await uow.run(async (tx) => {
      await audit(tx, {
        actorId: null,
        clientId,
        action: 'loyalty.level_request',
        target: { type: 'loyalty_level_request', id },
        after: { userId, campaignId, fromLevelId: current.id, toLevelId: next.id, xp },
      });
      await deps.notifications.notify(
        {
          userId,
          clientId,
          kind: 'loyalty.level_reached',
          data: { levelName: next.name, campaignName: campaign.name },
        },
        { tx },
      );
    });
    return id;
  }

  async function requestsOf(clientId: number, rows: RequestRow[]): Promise<LevelRequest[]> {
    const levels = await levelsOf(clientId);
    const ref = (id: number) => {
      const l = levels.find((x) => x.id === id);
      return { id, name: l?.name ?? '', position: l?.position ?? 0 };
    };
    const byCampaign = new Map<number, number[]>();
    for (const r of rows) byCampaign.set(r.campaignId, [...(byCampaign.get(r.campaignId) ?? []), r.userId]);
    const pending = new Map<string, number>();
    for (const [campaignId, userIds] of byCampaign) {
      const counts = await deps.pendingSales.pendingSales(clientId, campaignId, userIds);
      for (const [userId, n] of counts) pending.set(`${campaignId}:${userId}`, n);
    }
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      userName: r.userName,
      userEmail: r.userEmail,
      campaignId: r.campaignId,
      campaignName: r.campaignName,
      fromLevel: ref(r.fromLevelId),
      toLevel: ref(r.toLevelId),
      xp: r.xp,
      status: r.status,
      reason: r.reason,
      pendingSales: pending.get(`${r.campaignId}:${r.userId}`) ?? 0,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }));
  }

  /** Settles one member at a campaign's close in its own transaction; false when already settled. */
  async function closeMember(
    clientId: number,
    campaignId: number,
    endsAt: Date,
    userId: number,
    levels: Level[],
  ) {
    return uow.run(async (tx) => {
      if (levels.length > 0) await repo.lockMember(clientId, userId, levels[0]!.id);
      const level = await levelInForce(clientId, userId, endsAt, levels);
      const xp = await xpIn(clientId, userId, campaignId);
      const lower = level && xp < level.minXp && level.position > 1 ? levels[level.position - 2]! : null;
      const recorded = await repo.recordOutcome({
        clientId,
        campaignId,
        userId,
        levelId: level?.id ?? null,
        nextLevelId: lower?.id ?? level?.id ?? null,
        xp,
        outcome: lower ? 'demoted' : 'kept',
      });
      if (!recorded || !lower) return recorded;
      await repo.changeLevel({
        clientId,
        userId,
        fromLevelId: level!.id,
        levelId: lower.id,
        campaignId,
        validFrom: endsAt,
        reason: 'demoted',
      });
      await audit(tx, {
        actorId: null,
        clientId,
        action: 'loyalty.level_demote',
        target: { type: 'user', id: userId },
        before: { levelId: level!.id },
        after: { levelId: lower.id, campaignId, xp },
      });
      return true;
    });
  }

  const service = {
    /** The level in force for the member on that date (null: the program has no levels). */
    levelInForce: (clientId: number, userId: number, at: Date) => levelInForce(clientId, userId, at),

    /**
     * Call in the unit of work that credited XP to a member for a campaign (the sale or photo approval):
     * when the XP within the campaign reaches the next level's minimum, opens the level-change request
     * once, with its audit row and the member's inbox message. Answers the new request's id, or null.
     */
    xpCredited(input: { clientId: number; userId: number; campaignId: number }) {
      return uow.run(async () => {
        const levels = await levelsOf(input.clientId);
        return openIfReached(input.clientId, input.userId, input.campaignId, levels);
      });
    },

    /** The learner's level page and home card. */
    async myLevel(actor: Actor): Promise<MyLevel> {
      const now = deps.now();
      const levels = await levelsOf(actor.clientId);
      const current = await levelInForce(actor.clientId, actor.userId, now, levels);
      const next = current ? (levels[current.position] ?? null) : null;
      const [campaign] = await repo.runningCampaignsOf(actor.clientId, actor.userId, now);
      const xp = campaign ? await xpIn(actor.clientId, actor.userId, campaign.id) : 0;
      let request: MyLevel['request'] = null;
      if (campaign) {
        const mine = (await repo.requests(actor.clientId, { userId: actor.userId }, 50, 0)).filter(
          (r) => r.campaignId === campaign.id,
        );
        const last = mine.at(-1);
        const to = last && levels.find((l) => l.id === last.toLevelId);
        if (last && to) {
          request = {
            id: last.id,
            toLevel: { id: to.id, name: to.name, position: to.position },
            status: last.status,
            createdAt: last.createdAt.toISOString(),
          };
        }
      }
      return {
        levels,
        current,
        next,
        campaign: campaign
          ? { id: campaign.id, name: campaign.name, endsAt: campaign.endsAt.toISOString() }
          : null,
        xp,
        request,
      };
    },

    /** The back office's queue, oldest first, with each member's sales still pending audit. */
    async requests(clientId: number, status: LevelRequestStatus, page: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        repo.requests(clientId, { status }, pageSize, (page - 1) * pageSize),
        repo.countRequests(clientId, status),
      ]);
      return { items: await requestsOf(clientId, rows), total, page, pageSize };
    },

    /**
     * Approves a pending request once none of the member's sales of the campaign waits for the audit: the
     * new level holds from now (the rest of the campaign), audited and told to the member. Of parallel
     * decisions one wins; the others answer LOYALTY_LEVEL_REQUEST_DECIDED.
     */
    approve(actor: Actor, id: number) {
      return uow.run(async (tx) => {
        const req = await repo.request(actor.clientId, id);
        if (!req) throw notFound();
        if (req.status !== 'pending') throw new AppError('LOYALTY_LEVEL_REQUEST_DECIDED', 409);
        const pending =
          (await deps.pendingSales.pendingSales(actor.clientId, req.campaignId, [req.userId])).get(
            req.userId,
          ) ?? 0;
        if (pending > 0) {
          throw new AppError('LOYALTY_LEVEL_SALES_PENDING', 409, { details: { pendingSales: pending } });
        }
        const levels = await levelsOf(actor.clientId);
        await repo.lockMember(actor.clientId, req.userId, levels[0]!.id);
        const now = deps.now();
        if (!(await repo.decide(actor.clientId, id, 'approved', actor.userId, null, now))) {
          throw new AppError('LOYALTY_LEVEL_REQUEST_DECIDED', 409);
        }
        const current = await levelInForce(actor.clientId, req.userId, now, levels);
        const to = levels.find((l) => l.id === req.toLevelId)!;
        if (!current || to.position > current.position) {
          await repo.changeLevel({
            clientId: actor.clientId,
            userId: req.userId,
            fromLevelId: current?.id ?? null,
            levelId: to.id,
            campaignId: req.campaignId,
            validFrom: now,
            reason: 'approved',
          });
        }
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'loyalty.level_approve',
          target: { type: 'loyalty_level_request', id },
          before: { status: 'pending', levelId: current?.id ?? null },
          after: { status: 'approved', levelId: to.id, userId: req.userId, campaignId: req.campaignId },
        });
        await deps.notifications.notify(
          {
            userId: req.userId,
            clientId: actor.clientId,
            kind: 'loyalty.level_approved',
            data: { levelName: to.name },
          },
          { tx },
        );
        // XP already past the level after it opens that request too.
        await openIfReached(actor.clientId, req.userId, req.campaignId, levels);
        const [row] = await requestsOf(actor.clientId, [(await repo.request(actor.clientId, id))!]);
        return row!;
      });
    },

    /** Rejects a pending request with a reason, audited and told to the member. */
    reject(actor: Actor, id: number, reason: string) {
      return uow.run(async (tx) => {
        const req = await repo.request(actor.clientId, id);
        if (!req) throw notFound();
        if (!(await repo.decide(actor.clientId, id, 'rejected', actor.userId, reason, deps.now()))) {
          throw new AppError('LOYALTY_LEVEL_REQUEST_DECIDED', 409);
        }
        const to = (await levelsOf(actor.clientId)).find((l) => l.id === req.toLevelId);
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'loyalty.level_reject',
          target: { type: 'loyalty_level_request', id },
          before: { status: 'pending' },
          after: { status: 'rejected', reason, userId: req.userId, campaignId: req.campaignId },
        });
        await deps.notifications.notify(
          {
            userId: req.userId,
            clientId: actor.clientId,
            kind: 'loyalty.level_rejected',
            data: { levelName: to?.name ?? '', reason },
          },
          { tx },
        );
        const [row] = await requestsOf(actor.clientId, [(await repo.request(actor.clientId, id))!]);
        return row!;
      });
    },

    /**
     * Closes one campaign whose end has passed: its points lots expire through the ledger (each lot once,
     * whoever runs first), each registered member gets an outcome in its own transaction (kept, or demoted
     * one level when the XP within the campaign fell short of the level's minimum), then the close is
     * marked finished. A crash leaves members either settled or untouched; the next run settles the rest.
     */
    async closeCampaign(clientId: number, campaignId: number) {
      const campaign = await repo.campaign(clientId, campaignId);
      if (!campaign || campaign.endsAt > deps.now()) return { closed: false, demoted: 0, expiredLots: 0 };
      const state = await repo.closeState(clientId, campaignId);
      if (state?.finishedAt) return { closed: false, demoted: 0, expiredLots: 0 };
      await uow.run(() => repo.startClose(clientId, campaignId));
      const expiredLots = await deps.expiry.expireDue(campaign.endsAt);
      if (expiredLots > 0) await uow.run(() => repo.addExpiredLots(clientId, campaignId, expiredLots));
      const levels = await levelsOf(clientId);
      let demoted = 0;
      for (;;) {
        const members = await repo.membersToClose(clientId, campaignId, CLOSE_BATCH);
        if (members.length === 0) break;
        let progressed = false;
        for (const userId of members) {
          if (await closeMember(clientId, campaignId, campaign.endsAt, userId, levels)) progressed = true;
        }
        if (!progressed) break;
      }
      await uow.run(async (tx) => {
        const outcomes = await repo.outcomes(clientId, campaignId);
        demoted = outcomes.filter((o) => o.outcome === 'demoted').length;
        await repo.finishClose(clientId, campaignId);
        await audit(tx, {
          actorId: null,
          clientId,
          action: 'loyalty.campaign_close',
          target: { type: 'loyalty_campaign', id: campaignId },
          after: { members: outcomes.length, demoted, expiredLots },
        });
      });
      return { closed: true, demoted, expiredLots };
    },

    /** The scheduled close: every campaign of every client whose end has passed and is not closed yet. */
    async closeDue(now = deps.now()) {
      let closed = 0;
      const done = new Set<number>();
      for (;;) {
        const due = (await repo.closesDue(now, 20)).filter((c) => !done.has(c.id));
        if (due.length === 0) return closed;
        for (const c of due) {
          done.add(c.id);
          if ((await service.closeCampaign(c.clientId, c.id)).closed) closed++;
        }
      }
    },

    outcomes: (clientId: number, campaignId: number) => repo.outcomes(clientId, campaignId),
  };
  return service;
}

export type LevelsService = ReturnType<typeof createLevelsService>;
