/**
 * Points, XP and levels of a loyalty program (docs/product-rules.md, "Points, experience (XP) and levels").
 *
 * Points and XP are integers. A sale earns base points = sum of quantity x product points; the user is
 * credited floor(base x level multiplier) points and base XP. Levels are ordered by their minimum XP.
 */

export interface SaleLine {
  quantity: number;
  /** The product's point value, as frozen when the campaign started. */
  points: number;
}

export interface LevelLike {
  id: string | number;
  minXp: number;
}

export interface SaleReward {
  basePoints: number;
  points: number;
  xp: number;
}

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number >= 0`);
}

export function basePoints(lines: readonly SaleLine[]): number {
  let total = 0;
  for (const line of lines) {
    assertCount(line.quantity, 'quantity');
    assertCount(line.points, 'points');
    total += line.quantity * line.points;
  }
  assertCount(total, 'base points');
  return total;
}

// Multipliers are read to four decimals and applied in integers: 100 x 1.15 in floating point is
// 114.99999999999999, and rounding that down would cost the user a point.
const MULTIPLIER_SCALE = 10_000;

/** floor(base x multiplier), e.g. 15 points at 1.5 gives 22. */
export function creditedPoints(base: number, multiplier: number): number {
  assertCount(base, 'base points');
  if (!Number.isFinite(multiplier) || multiplier < 0) throw new RangeError('multiplier must be >= 0');
  const scaled = Math.round(multiplier * MULTIPLIER_SCALE);
  const product = base * scaled;
  if (!Number.isSafeInteger(product)) throw new RangeError('points out of range');
  return Math.floor(product / MULTIPLIER_SCALE);
}

/** What an approved sale credits; XP is the base, untouched by the multiplier. */
export function saleReward(lines: readonly SaleLine[], multiplier: number): SaleReward {
  const base = basePoints(lines);
  return { basePoints: base, points: creditedPoints(base, multiplier), xp: base };
}

function sortedLevels<L extends LevelLike>(levels: readonly L[]): L[] {
  if (levels.length === 0) throw new RangeError('A program has at least one level');
  return [...levels].sort((a, b) => a.minXp - b.minXp);
}

function indexOfLevel<L extends LevelLike>(sorted: readonly L[], levelId: L['id']): number {
  const index = sorted.findIndex((level) => level.id === levelId);
  if (index === -1) throw new RangeError(`Unknown level ${String(levelId)}`);
  return index;
}

/** The highest level whose minimum XP has been reached; the first level when none has. */
export function levelForXp<L extends LevelLike>(levels: readonly L[], xp: number): L {
  const sorted = sortedLevels(levels);
  let reached = sorted[0] as L;
  for (const level of sorted) if (xp >= level.minXp) reached = level;
  return reached;
}

/** The level above the given one, or null at the top. */
export function nextLevel<L extends LevelLike>(levels: readonly L[], currentId: L['id']): L | null {
  const sorted = sortedLevels(levels);
  return sorted[indexOfLevel(sorted, currentId) + 1] ?? null;
}

/** XP still missing to reach the next level (0 once reached), or null at the top. */
export function xpToNextLevel<L extends LevelLike>(
  levels: readonly L[],
  currentId: L['id'],
  xp: number,
): number | null {
  const next = nextLevel(levels, currentId);
  return next ? Math.max(0, next.minXp - xp) : null;
}

/**
 * The level a user starts the next campaign with. Reaching the current level's minimum XP within the closing
 * campaign keeps it; falling short drops one level, never below the first. Moving up is not decided here:
 * it goes through the administrator's approval.
 */
export function levelAfterCampaignClose<L extends LevelLike>(
  levels: readonly L[],
  currentId: L['id'],
  xpEarnedInCampaign: number,
): L {
  const sorted = sortedLevels(levels);
  const index = indexOfLevel(sorted, currentId);
  const current = sorted[index] as L;
  if (xpEarnedInCampaign >= current.minXp) return current;
  return sorted[Math.max(0, index - 1)] as L;
}
