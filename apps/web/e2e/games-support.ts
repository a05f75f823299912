import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { perfectMoves, type AnyMove, type GameOf, type MoveOf } from '@trilha/domain/games/games';
import { wrongMoves } from '@trilha/domain/games/samples';
import { apiToken, seriousViolations } from './learning-support';
import { expect, resetAccount, settled } from './support';

// The games of the demo course "Desafios do varejo" (apps/api/src/db/seed/games-demo.ts), played in the
// browser by this worker's own learner, who has played none of them when the server starts. Every
// attempt is a new one (the intro's button starts it, a result's button starts the next), so a journey's
// retry plays the same way. The solution comes from the back office (the worker's manager reads the
// course, as the game editor does) and the attempt's seed from the start's answer: with them the
// domain's `perfectMoves` and `wrongMoves` say which piece goes where in this attempt's shuffled view.

export type Language = 'pt-BR' | 'en-US' | 'es' | 'fr';
export type Kind = GameOf['kind'];
export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1280, height: 1000 };
export const COURSE = 'Desafios do varejo';

const catalogs = new Map<string, Record<string, unknown>>();
/** A text of the games catalog (or another area) in a language, with its {{values}} filled. */
export function tr(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
  area = 'games',
): string {
  const name = `${language}/${area}`;
  if (!catalogs.has(name)) {
    const file = path.resolve(import.meta.dirname, `../../../packages/i18n/locales/${name}.json`);
    catalogs.set(name, JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
  }
  let text = key
    .split('.')
    .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], catalogs.get(name));
  if (typeof text !== 'string') throw new Error(`no text ${key} in ${name}`);
  for (const [k, v] of Object.entries(values)) text = (text as string).replaceAll(`{{${k}}}`, String(v));
  return text as string;
}

export async function axe(page: Page, name: string) {
  await settled(page);
  expect(await seriousViolations(page), name).toEqual([]);
}

export async function noOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(1);
}

export interface DemoGame {
  activityId: number;
  order: string;
  title: string;
  game: GameOf;
}

/** The demo course's games by kind, with their solutions as the back office reads them. */
export async function demoGames(
  request: APIRequestContext,
  learner: string,
  manager: string,
): Promise<{ courseId: number; games: Map<Kind, DemoGame> }> {
  const learnerAuth = { Authorization: `Bearer ${await apiToken(request, learner)}` };
  const list = (await (
    await request.get('/api/learning/courses?page=1&pageSize=48', { headers: learnerAuth })
  ).json()) as { items: { id: number; title: string }[] };
  const card = list.items.find((c) => c.title === COURSE);
  expect(card, `the course ${COURSE} in the learner's catalog`).toBeDefined();
  await resetAccount(request, manager, 'pt-BR');
  const res = await request.get(`/api/admin/learning/courses/${card!.id}`, {
    headers: { Authorization: `Bearer ${await apiToken(request, manager)}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const admin = (await res.json()) as {
    modules: {
      activities: {
        id: number;
        kind: Kind;
        title: string;
        hierarchyOrder: string;
        game: GameOf['settings'] | null;
      }[];
    }[];
  };
  const games = new Map<Kind, DemoGame>();
  for (const a of admin.modules.flatMap((m) => m.activities)) {
    if (!a.game) continue;
    games.set(a.kind, {
      activityId: a.id,
      order: a.hierarchyOrder,
      title: a.title,
      game: { kind: a.kind, settings: a.game } as GameOf,
    });
  }
  expect(games.size, 'one game of each kind').toBe(8);
  return { courseId: card!.id, games };
}

/** Opens a game activity in the course player, in a language, and waits for its introduction. */
export async function openGame(page: Page, courseId: number, game: DemoGame, language: Language) {
  await page.goto(`/courses/${courseId}/activities/${game.order}?locale=${language}`);
  // The first player screen after signing in loads its code: slow on a busy machine.
  await expect(page.getByTestId('game-intro')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('game-intro').getByRole('heading', { name: game.title })).toBeVisible();
}

export interface Attempt {
  seed: number;
  view: Record<string, unknown> & { kind: Kind };
  /** This attempt's moves that win without an error, and one wrong move per piece. */
  perfect: AnyMove[];
  wrong: AnyMove[];
}

/** Starts an attempt with a click on the intro's or the result's button; answers its seed and view. */
export async function startAttempt(page: Page, game: DemoGame, how: 'click' | 'keyboard' = 'click') {
  // The start's answer read on its way to the page (a route: the body of a seen response may be gone).
  let started: (body: { seed: number; view: Attempt['view'] }) => void = () => {};
  const body = new Promise<{ seed: number; view: Attempt['view'] }>((resolve) => (started = resolve));
  const matches = (url: URL) => /\/game\/attempts$/.test(url.pathname);
  await page.route(matches, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    // A start refused for an access token just expired is sent again by the page after a refresh.
    if (response.ok()) started((await response.json()) as { seed: number; view: Attempt['view'] });
    await route.fulfill({ response });
  });
  const result = page.getByTestId('game-result');
  const button = (await result.isVisible().catch(() => false))
    ? result.getByRole('button')
    : page.getByTestId('game-intro').getByRole('button');
  if (how === 'keyboard') {
    await tabTo(page, button);
    await page.keyboard.press('Enter');
  } else await button.click();
  const { seed, view } = await body;
  await page.unroute(matches);
  await expect(page.getByTestId('game-shell')).toBeVisible();
  return {
    seed,
    view,
    perfect: perfectMoves(game.game, seed),
    wrong: wrongMoves(game.game, seed),
  } satisfies Attempt;
}

/** Presses Tab (then Shift+Tab) until the element has the focus: the keyboard's only way there. */
export async function tabTo(page: Page, target: Locator, most = 80) {
  const handle = await target.elementHandle();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < most; i++) {
      if (await handle!.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press(key);
    }
  }
  throw new Error('the element never took the focus');
}

/** Runs an action that sends one move, and waits for the server's answer to it. */
export async function oneMove(page: Page, action: () => Promise<void>) {
  // The accepted answer: a move refused for an access token just expired is replayed after a refresh.
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/moves$/.test(new URL(r.url()).pathname) && r.ok(),
  );
  await action();
  await answered;
}

/** The server's result screen, as it judged the attempt. */
export async function expectResult(
  page: Page,
  language: Language,
  won: boolean,
  facts: { score?: number; errors?: number; allowed?: number; reason?: string } = {},
) {
  const result = page.getByTestId('game-result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result).toHaveAttribute('data-won', String(won));
  await expect(result.getByRole('heading', { level: 2 })).toHaveText(
    tr(language, won ? 'result.won' : 'result.lost'),
  );
  if (won) {
    // A win finishes the activity; when it is the course's last, the course's finishing moment opens in
    // the same update and takes the focus. Once it is closed the focus is back on the result.
    await expect(page.getByTestId('activity-done')).toBeAttached({ timeout: 15_000 });
    const finishing = page.getByRole('dialog');
    if (await finishing.isVisible()) {
      await page.keyboard.press('Escape');
      await expect(finishing).toBeHidden();
    }
  }
  // The result takes the focus, so a screen reader reads it at once.
  await expect(result.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(result).toContainText(
    tr(language, `result.reason.${facts.reason ?? (won ? 'completed' : 'too_many_errors')}`),
  );
  if (facts.score !== undefined) await expect(page.getByTestId('game-score')).toHaveText(String(facts.score));
  if (facts.errors !== undefined && facts.allowed !== undefined)
    await expect(page.getByTestId('game-result-errors')).toHaveText(
      tr(language, 'result.errorsValue', { errors: facts.errors, allowed: facts.allowed }),
    );
  await expect(result.getByRole('button')).toHaveText(
    tr(language, won ? 'result.playAgain' : 'result.tryAgain'),
  );
}

export const center = (box: { x: number; y: number; width: number; height: number } | null) => {
  expect(box).not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
};

/** A drag with the mouse: press, move past the 5 px threshold, move onto the target, release. */
export async function mouseDrag(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const a = center(await from.boundingBox());
  const b = center(await to.boundingBox());
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 8, a.y + 8, { steps: 2 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** Finger events through the browser's protocol: real touchstart/touchmove/touchend, as a phone sends. */
export async function touch(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
  return {
    /** A finger put on `from`, slid onto `to` and lifted. */
    async drag(from: Locator, to: Locator) {
      const a = center(await from.boundingBox());
      const b = center(await to.boundingBox());
      await send('touchStart', a);
      // At a finger's pace (a move a frame), and held a moment over the target before the lift: the
      // board names the place under the finger after each move is drawn.
      for (let i = 1; i <= 10; i++) {
        await send('touchMove', { x: a.x + ((b.x - a.x) * i) / 10, y: a.y + ((b.y - a.y) * i) / 10 });
        await page.waitForTimeout(20);
      }
      await page.waitForTimeout(150);
      await send('touchEnd');
    },
    /** A finger held still on the element for `ms`, then lifted. */
    async press(target: Locator, ms: number) {
      const a = center(await target.boundingBox());
      await send('touchStart', a);
      await page.waitForTimeout(ms);
      await send('touchEnd');
    },
    /** A finger put down, moved `px` and lifted, without reaching anything. */
    async nudge(target: Locator, px: number) {
      const a = center(await target.boundingBox());
      await send('touchStart', a);
      await send('touchMove', { x: a.x + px, y: a.y });
      await send('touchEnd');
    },
  };
}

// ------------------------------------------------------------------------------------------------
// What a move is on screen

/** A board's drop place by its order (1-based): a zone of drag and drop, a gap of drag the words. */
export const place = (page: Page, index: number) =>
  page.getByTestId('game-shell').locator(`[data-zone="${index}"]`);

export function dragAndDrop(game: DemoGame, attempt: Attempt) {
  const s = (game.game as Extract<GameOf, { kind: 'drag_and_drop' }>).settings;
  const view = attempt.view as unknown as { zones: { id: string }[] };
  return {
    itemText: (move: MoveOf['drag_and_drop']) => s.items.find((i) => i.id === move.itemId)!.face.text,
    zoneIndex: (move: MoveOf['drag_and_drop']) => view.zones.findIndex((z) => z.id === move.zoneId) + 1,
    zoneOf: (text: string) => s.items.find((i) => i.face.text === text)!.zoneId,
    zoneIndexOf: (zoneId: string) => view.zones.findIndex((z) => z.id === zoneId) + 1,
  };
}

export function dragTheWords(attempt: Attempt) {
  const view = attempt.view as unknown as {
    parts: { type: string; id?: string }[];
    words: { id: string; text: string }[];
  };
  const gaps = view.parts.filter((p) => p.type === 'gap');
  return {
    wordText: (move: MoveOf['drag_the_words']) => view.words.find((w) => w.id === move.wordId)!.text,
    gapIndex: (move: MoveOf['drag_the_words']) => gaps.findIndex((g) => g.id === move.gapId) + 1,
  };
}

/** A piece of a tray or word bank by its name (the text it shows). */
export const piece = (page: Page, name: string) =>
  page.getByTestId('game-shell').getByRole('button', { name, exact: true });
