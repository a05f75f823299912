import type {
  RankingMe,
  RankingMeQuery,
  RankingPage,
  RankingQuery,
  RankingRow,
} from '@trilha/contracts/ranking';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import type { LoyaltyCampaignsPort } from '../loyalty/loyalty.port';
import { createRankingRepo, type RankedUser, type RankingSet } from './ranking.repo';

/** How many users are shown above and below the caller. */
export const NEIGHBOURS = 5;

export interface RankingServiceDeps {
  db: Db;
  now: () => Date;
  /**
   * How long a set's score counts (what positions and totals are read from) are reused, in ms; 0 reads
   * them on every request. Others' moves show within this time; the caller's own score is always read
   * fresh (docs/ranking.md, "Live positions").
   */
  countsTtlMs: number;
  /** The loyalty program's campaigns (scope and period `campaign`). */
  campaigns: LoyaltyCampaignsPort;
}

/** Campaigns the campaign switch offers (the latest begun first). */
const CAMPAIGNS_LISTED = 20;

/** Sets whose score counts are kept at once; the oldest is dropped past it. */
const MAX_CACHED_SETS = 1_000;

/** A set's score counts, highest score first, with how many users hold a higher score than each. */
interface ScoreCounts {
  scores: number[];
  higher: number[];
  total: number;
}

function tally(counted: { score: number; count: number }[]): ScoreCounts {
  const scores: number[] = [];
  const higher: number[] = [];
  let total = 0;
  for (const c of counted) {
    scores.push(c.score);
    higher.push(total);
    total += c.count;
  }
  return { scores, higher, total };
}

/** Competition ranking: one more than the users with a higher score (1, 2, 2, 4). */
export function positionIn(counts: ScoreCounts, score: number) {
  // The first counted score not above `score` (scores are descending): everyone before it is higher.
  let lo = 0;
  let hi = counts.scores.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (counts.scores[mid]! > score) lo = mid + 1;
    else hi = mid;
  }
  return 1 + (lo < counts.scores.length ? counts.higher[lo]! : counts.total);
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
  const uow = unitOfWork(deps.db);
  // A campaign's period is summed again when its dates are not those it was last filled with. The dates
  // kept are read from the database on each read (one key lookup), not remembered in the process: another
  // API instance may have filled the period with other dates since (dates moved, then moved back).
  async function ensureFilled(clientId: number, c: { id: number; beginsAt: Date; endsAt: Date }) {
    if (await repo.filledWith(clientId, c.id, c.beginsAt, c.endsAt)) return;
    await uow.run(() => repo.fillCampaign(clientId, c.id, c.beginsAt, c.endsAt));
  }
  // One read in flight or kept per set: requests arriving together share it. A set whose counts take
  // long to read (a million users: most of a second) keeps them ten times that long, so re-reading them
  // never takes more than a tenth of the time.
  const cached = new Map<string, { at: number; keepMs: number; counts: Promise<ScoreCounts> }>();

  function scoreCounts(set: RankingSet): Promise<ScoreCounts> {
    const key = `${set.clientId}:${set.metric}:${set.period}:${set.areaId ?? ''}:${set.campaignId ?? ''}`;
    const now = deps.now().getTime();
    const hit = cached.get(key);
    if (hit && now - hit.at < hit.keepMs) return hit.counts;
    const started = performance.now();
    const counts = repo.scoreCounts(set).then(tally);
    if (deps.countsTtlMs > 0) {
      const entry = { at: now, keepMs: deps.countsTtlMs, counts };
      cached.delete(key);
      if (cached.size >= MAX_CACHED_SETS) cached.delete(cached.keys().next().value!);
      cached.set(key, entry);
      counts.then(
        () => {
          entry.keepMs = Math.max(deps.countsTtlMs, 10 * (performance.now() - started));
        },
        () => {
          if (cached.get(key) === entry) cached.delete(key);
        },
      );
    }
    return counts;
  }

  const rowOf = (u: RankedUser, counts: ScoreCounts, callerId: number): RankingRow => {
    const isMe = u.userId === callerId;
    const full = `${u.firstName} ${u.lastName}`.trim() || u.username;
    return {
      position: positionIn(counts, u.score),
      userId: u.userId,
      name: u.hideName && !isMe ? initialsOf(u.firstName, u.lastName, u.username) : full,
      hidden: u.hideName,
      score: u.score,
      isMe,
    };
  };

  /**
   * The set asked for; an area must be one of the caller's in the client, a campaign one of the client's
   * that has begun, else 404. Without `campaignId`, scope or period `campaign` takes the caller's running
   * campaign (the latest begun they are registered in), else the client's running one, else its latest.
   */
  async function resolve(caller: Caller, q: RankingMeQuery) {
    const now = deps.now();
    const [areas, campaigns] = await Promise.all([
      repo.areasOf(caller.clientId, caller.userId),
      deps.campaigns.begun(caller.clientId, caller.userId, now, CAMPAIGNS_LISTED),
    ]);
    let areaId: number | null = null;
    if (q.scope === 'area') {
      const area = q.areaId === undefined ? areas[0] : areas.find((a) => a.id === q.areaId);
      if (!area) throw new AppError('NOT_FOUND', 404);
      areaId = area.id;
    }
    let campaign: (typeof campaigns)[number] | undefined;
    if (q.scope === 'campaign' || q.period === 'campaign') {
      const running = campaigns.filter((c) => c.endsAt > now);
      campaign =
        q.campaignId === undefined
          ? (running.find((c) => c.registered) ?? running[0] ?? campaigns[0])
          : (campaigns.find((c) => c.id === q.campaignId) ??
            // Older than the listed ones: asked for by id.
            (await deps.campaigns.begun(caller.clientId, caller.userId, now, 1_000)).find(
              (c) => c.id === q.campaignId,
            ));
      if (!campaign) throw new AppError('NOT_FOUND', 404);
      if (q.period === 'campaign') await ensureFilled(caller.clientId, campaign);
    }
    const month = q.period === 'month' ? monthKey(now) : null;
    const set: RankingSet = {
      clientId: caller.clientId,
      metric: q.metric,
      period: month ?? (q.period === 'campaign' ? `campaign:${campaign!.id}` : 'all'),
      areaId,
      campaignId: q.scope === 'campaign' ? campaign!.id : null,
    };
    return {
      set,
      answered: {
        metric: q.metric,
        period: q.period,
        scope: q.scope,
        areaId,
        areas,
        month,
        campaignId: campaign?.id ?? null,
        campaigns: campaigns.map((c) => ({
          id: c.id,
          name: c.name,
          beginsAt: c.beginsAt.toISOString(),
          endsAt: c.endsAt.toISOString(),
          registered: c.registered,
        })),
      },
    };
  }

  return {
    async page(caller: Caller, q: RankingQuery): Promise<RankingPage> {
      const { set, answered } = await resolve(caller, q);
      const [items, counts] = await Promise.all([
        repo.page(set, (q.page - 1) * q.pageSize, q.pageSize),
        scoreCounts(set),
      ]);
      return {
        ...answered,
        items: items.map((u) => rowOf(u, counts, caller.userId)),
        total: counts.total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async me(caller: Caller, q: RankingMeQuery): Promise<RankingMe> {
      const { set, answered } = await resolve(caller, q);
      const [around, counts] = await Promise.all([
        repo.around(set, caller.userId, NEIGHBOURS),
        scoreCounts(set),
      ]);
      // A ranked caller's row carries their choice; only the unranked need it read.
      const hideName = around.me ? around.me.hideName : await repo.hideName(caller.clientId, caller.userId);
      const row = (u: RankedUser) => rowOf(u, counts, caller.userId);
      const me = around.me ? row(around.me) : null;
      return {
        ...answered,
        me,
        above: around.above.map(row),
        below: around.below.map(row),
        // Counts a moment old may not hold the caller's fresh score yet: never fewer than their place.
        total: Math.max(counts.total, me?.position ?? 0),
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
