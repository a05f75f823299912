import { describe, expect, it } from 'vitest';
import { sampleGames } from '@trilha/domain/games/samples';
import { activityBody } from '../learning';
import { gameKinds, gameLimits, gameMoveByKind, gameSettingsByKind } from './games';
import { activityKinds } from './kinds';

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('game settings', () => {
  it('every game kind is an activity kind whose settings the activity body checks', () => {
    for (const kind of gameKinds) {
      expect(activityKinds).toContain(kind);
      const parsed = activityBody.safeParse({ kind, title: 'G', settings: sampleGames[kind].settings });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      // Settings are required: a game without them is refused.
      expect(activityBody.safeParse({ kind, title: 'G' }).success).toBe(false);
    }
  });

  it('fills the common defaults', () => {
    const parsed = gameSettingsByKind.true_or_false.parse({
      statements: [{ id: 's', text: 'T', answer: true }],
    });
    expect(parsed).toMatchObject({
      allowedErrors: 3,
      timeLimitSeconds: null,
      points: 0,
      xp: 0,
      shuffle: false,
    });
  });

  it('bounds the allowance, the time limit and the sizes', () => {
    const base = sampleGames.find_the_pairs.settings;
    expect(gameSettingsByKind.find_the_pairs.safeParse({ ...base, allowedErrors: 51 }).success).toBe(false);
    expect(gameSettingsByKind.find_the_pairs.safeParse({ ...base, timeLimitSeconds: 3_601 }).success).toBe(
      false,
    );
    const pairs = Array.from({ length: gameLimits.pairs + 1 }, (_, i) => ({
      id: `p${i}`,
      a: { text: 'a' },
      b: { text: 'b' },
    }));
    expect(gameSettingsByKind.find_the_pairs.safeParse({ ...base, pairs }).success).toBe(false);
  });

  it('refuses games that cannot be played', () => {
    const dnd = sampleGames.drag_and_drop.settings;
    expect(
      issues(
        gameSettingsByKind.drag_and_drop.safeParse({
          ...dnd,
          items: [{ id: 'a', face: { text: 'A' }, zoneId: 'x' }],
        }),
      ),
    ).toContain('GAME_UNKNOWN_ZONE');
    expect(
      issues(gameSettingsByKind.drag_and_drop.safeParse({ ...dnd, zones: [...dnd.zones, dnd.zones[0]] })),
    ).toContain('GAME_DUPLICATE_ID');
    expect(issues(gameSettingsByKind.drag_and_drop.safeParse({ ...dnd, layout: 'image' }))).toEqual(
      expect.arrayContaining(['GAME_IMAGE_REQUIRED', 'GAME_ZONE_RECT_REQUIRED']),
    );
    expect(
      gameSettingsByKind.drag_and_drop.safeParse({
        ...dnd,
        layout: 'image',
        imageUrl: 'https://example.com/shelf.png',
        zones: dnd.zones.map((z, i) => ({ ...z, rect: { x: i * 50, y: 0, width: 50, height: 100 } })),
      }).success,
    ).toBe(true);
    expect(
      issues(gameSettingsByKind.drag_and_drop.safeParse({ ...dnd, imageUrl: 'javascript:alert(1)' })),
    ).toContain('GAME_INVALID_IMAGE_URL');
    expect(
      issues(
        gameSettingsByKind.fill_in_the_blanks.safeParse({
          ...sampleGames.fill_in_the_blanks.settings,
          parts: [{ type: 'text', text: 'x' }],
        }),
      ),
    ).toContain('GAME_NOTHING_TO_PLAY');
    expect(
      issues(gameSettingsByKind.enigma.safeParse({ ...sampleGames.enigma.settings, answer: 'a?b' })),
    ).toContain('GAME_INVALID_ANSWER');
    expect(
      issues(
        gameSettingsByKind.this_or_that.safeParse({
          ...sampleGames.this_or_that.settings,
          left: { text: '' },
        }),
      ),
    ).toContain('GAME_EMPTY_FACE');
  });

  it('moves are checked per kind', () => {
    expect(gameMoveByKind.enigma.safeParse({ type: 'letter', letter: 'A' }).success).toBe(true);
    expect(gameMoveByKind.enigma.safeParse({ type: 'letter', letter: 'ABC' }).success).toBe(false);
    expect(gameMoveByKind.find_the_pairs.safeParse({ first: 0, second: 100 }).success).toBe(false);
    expect(gameMoveByKind.flashcards.safeParse({ cardId: 'c1', mark: 'maybe' }).success).toBe(false);
  });
});
