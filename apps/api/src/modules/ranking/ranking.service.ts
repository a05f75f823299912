import type {
  RankingMe,
  RankingMeQuery,
  RankingPage,
  RankingQuery,
  RankingRow,
} from '@trilha/contracts/ranking';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createRankingRepo, type RankedUser, type RankingSet } from './ranking.repo';

/** How many users are shown above and below the caller. */
export const NEIGHBOURS = 5;

export interface RankingServiceDeps {
  db: Db;
  now: () => Date;
}

interface Caller {
  clientId: number;
  userId: number;
}

/** `Ana Souza` → `A. S.`; a single word → its first letter. */
export function initialsOf(firstName: string, lastName: string, username: string) {
  const words = `${firstName} ${lastName}`.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  const letters = (picked.length ? picked : [username]).map((w) => `${[...w][0]!.toUpperCase()}.`);
  return letters.join(' ');
}

/** The UTC month of a moment, as the ranking's period key `YYYY-MM`. */
export const monthKey = (at: Date) => at.toISOString().slice(0, 7);

/**
 * The ranking (docs/ranking.md): the top of a client or area by points earned in a period or by XP, and
 * the caller's position with their neighbours. Read live from the scores the ledger's trigger keeps.
 */
export function createRankingService(deps: RankingServiceDeps) {
  const repo = createRankingRepo(deps.db);

  const rowOf = (u: RankedUser, callerId: number): RankingRow => {
    const isMe = u.userId === callerId;
    const full = `${u.firstName} ${u.lastName}`.trim() || u.username;
    return {
      position: u.position,
      userId: u.userId,
      name: u.hideName && !isMe ? initialsOf(u.firstName, u.lastName, u.username) : full,
      hidden: u.hideName,
      score: u.score,
      isMe,
    };
  };

  /** The set asked for; an area must be one of the caller's in the client, else 404. */
  async function resolve(caller: Caller, q: RankingMeQuery) {
    const areas = await repo.areasOf(caller.clientId, caller.userId);
    let areaId: number | null = null;
    if (q.scope === 'area') {
      const area = q.areaId === undefined ? areas[0] : areas.find((a) => a.id === q.areaId);
      if (!area) throw new AppError('NOT_FOUND', 404);
      areaId = area.id;
    }
    const month = q.period === 'month' ? monthKey(deps.now()) : null;
    const set: RankingSet = {
      clientId: caller.clientId,
      metric: q.metric,
      period: month ?? 'all',
      areaId,
    };
    return {
      set,
      answered: { metric: q.metric, period: q.period, scope: q.scope, areaId, areas, month },
    };
  }

  return {
    async page(caller: Caller, q: RankingQuery): Promise<RankingPage> {
      const { set, answered } = await resolve(caller, q);
      const [items, total] = await Promise.all([
        repo.page(set, (q.page - 1) * q.pageSize, q.pageSize),
        repo.total(set),
      ]);
      return {
        ...answered,
        items: items.map((u) => rowOf(u, caller.userId)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async me(caller: Caller, q: RankingMeQuery): Promise<RankingMe> {
      const { set, answered } = await resolve(caller, q);
      const [me, around, total, hideName] = await Promise.all([
        repo.one(set, caller.userId),
        repo.neighbours(set, caller.userId, NEIGHBOURS),
        repo.total(set),
        repo.hideName(caller.clientId, caller.userId),
      ]);
      const row = (u: RankedUser) => rowOf(u, caller.userId);
      return {
        ...answered,
        me: me ? row(me) : null,
        above: around.above.map(row),
        below: around.below.map(row),
        total,
        hideName,
      };
    },

    async visibility(caller: Caller) {
      return { hideName: await repo.hideName(caller.clientId, caller.userId) };
    },

    async setVisibility(caller: Caller, hideName: boolean) {
      await repo.setHideName(caller.clientId, caller.userId, hideName);
      return { hideName };
    },
  };
}

export type RankingService = ReturnType<typeof createRankingService>;
