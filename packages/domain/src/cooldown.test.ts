import { describe, expect, it } from 'vitest';
import { PHONE_COOLDOWN_SECONDS, cooldownRemainingSeconds } from './cooldown';

const startedAt = '2026-11-20T12:00:00.000Z';
const at = (offsetMs: number) => new Date(Date.parse(startedAt) + offsetMs);

describe('cooldownRemainingSeconds', () => {
  it('counts down the default 300 seconds', () => {
    expect(PHONE_COOLDOWN_SECONDS).toBe(300);
    expect(cooldownRemainingSeconds(startedAt, at(0))).toBe(300);
    expect(cooldownRemainingSeconds(startedAt, at(1))).toBe(300);
    expect(cooldownRemainingSeconds(startedAt, at(1_000))).toBe(299);
    expect(cooldownRemainingSeconds(startedAt, at(120_500))).toBe(180);
    expect(cooldownRemainingSeconds(startedAt, at(299_001))).toBe(1);
  });

  it('is 0 once the cooldown has passed', () => {
    expect(cooldownRemainingSeconds(startedAt, at(300_000))).toBe(0);
    expect(cooldownRemainingSeconds(startedAt, at(3_600_000))).toBe(0);
  });

  it('uses the duration that was set', () => {
    expect(cooldownRemainingSeconds(startedAt, at(10_000), 60)).toBe(50);
    expect(cooldownRemainingSeconds(startedAt, at(60_000), 60)).toBe(0);
    expect(cooldownRemainingSeconds(startedAt, at(0), 0)).toBe(0);
  });

  it('gives the same answer after a reload, from the stored start alone', () => {
    const now = at(42_000).getTime();
    expect(cooldownRemainingSeconds(startedAt, now)).toBe(258);
    expect(cooldownRemainingSeconds('2026-11-20T09:00:00-03:00', now)).toBe(258);
  });

  it('is 0 without a start or with an unreadable one', () => {
    expect(cooldownRemainingSeconds(null, at(0))).toBe(0);
    expect(cooldownRemainingSeconds(undefined, at(0))).toBe(0);
    expect(cooldownRemainingSeconds('', at(0))).toBe(0);
    expect(cooldownRemainingSeconds('yesterday-ish', at(0))).toBe(0);
  });

  it('never shows more than the duration when the device clock is behind', () => {
    expect(cooldownRemainingSeconds(startedAt, at(-30_000))).toBe(300);
  });
});
