import type { BadgeText, BadgeTexts } from '@trilha/contracts/rewards/badges';
import type { LanguageCode } from '@trilha/contracts/session';

const DAY_MS = 86_400_000;

/** The Monday (UTC) of the ISO week of `at`, as `YYYY-MM-DD`. */
export function isoWeekStart(at: Date): string {
  const day = (at.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - day * DAY_MS);
  return monday.toISOString().slice(0, 10);
}

const previousWeek = (monday: string) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) - 7 * DAY_MS).toISOString().slice(0, 10);

/**
 * Consecutive active ISO weeks ending at `now`'s week, or at the week before it (a streak is not broken
 * before the current week is over). `weeks`: Mondays of the active weeks, in any order.
 */
export function streakWeeks(weeks: readonly string[], now: Date): number {
  const active = new Set(weeks);
  let week = isoWeekStart(now);
  if (!active.has(week)) week = previousWeek(week);
  let count = 0;
  while (active.has(week)) {
    count++;
    week = previousWeek(week);
  }
  return count;
}

/** A badge's texts in the language asked for, else pt-BR's. */
export function badgeTextIn(texts: BadgeTexts, lang: LanguageCode): { name: string; description: string } {
  const text: BadgeText = texts[lang] ?? texts['pt-BR'];
  return { name: text.name, description: text.description ?? '' };
}
