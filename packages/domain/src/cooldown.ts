/**
 * The wait before another phone-verification code may be requested. The start time and duration are kept in
 * the session, so the countdown is recomputed from them and survives a reload.
 */

export const PHONE_COOLDOWN_SECONDS = 300;

/**
 * Whole seconds left, 0 once the cooldown has passed or when none was started. Rounded up, so the
 * countdown shows the full duration at the start and reaches 0 exactly when a new request is allowed.
 * Never more than the duration, even if the device clock is behind the one that set `startedAt`.
 * An unreadable `startedAt` counts as no cooldown: the server still enforces its own.
 */
export function cooldownRemainingSeconds(
  startedAt: string | null | undefined,
  now: Date | number,
  durationSeconds: number = PHONE_COOLDOWN_SECONDS,
): number {
  if (!startedAt || !(durationSeconds > 0)) return 0;
  const started = Date.parse(startedAt);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(started) || !Number.isFinite(nowMs)) return 0;
  const remainingMs = started + durationSeconds * 1000 - nowMs;
  return Math.min(Math.ceil(durationSeconds), Math.max(0, Math.ceil(remainingMs / 1000)));
}
