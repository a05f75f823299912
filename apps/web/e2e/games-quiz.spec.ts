import type { Page } from '@playwright/test';
import type { MoveOf } from '@trilha/domain/games/games';
import { DRAG_ACTIVATION_PX, CONTEXT_MENU_MS } from '../src/features/games/dnd/thresholds';
import {
  DESK,
  PHONE,
  axe,
  demoGames,
  dragTheWords,
  expectResult,
  noOverflow,
  oneMove,
  openGame,
  piece,
  place,
  startAttempt,
  touch,
  tr,
  type Language,
} from './games-support';
import { signIn } from './learning-support';
import { account, expect, test } from './support';

// The games answered by tapping and typing (fill in the blanks, true or false, flashcards, the riddle),
// won at a desk and lost on a phone, and drag the words played by touch at 390 px (docs/games.md). Each
// play in another language: with games-drag.spec.ts, every language sees a game's board and its result,
// and every language's result screen is checked at phone width with axe.

type Move<K extends keyof MoveOf> = MoveOf[K];
const shell = (page: Page) => page.getByTestId('game-shell');

test('fill in the blanks and true or false: won at a desk, lost on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const learner = account('learner');
  const { courseId, games } = await demoGames(request, learner, account('manager'));
  await signIn(page, learner);

  // Fill in the blanks, en-US at a desk: a wrong word first (it may be typed again), then the right ones.
  const blanks = games.get('fill_in_the_blanks')!;
  const bAllowed = blanks.game.settings.allowedErrors;
  await page.setViewportSize(DESK);
  await openGame(page, courseId, blanks, 'en-US');
  let attempt = await startAttempt(page, blanks);
  const gap = (n: number) => shell(page).getByRole('textbox').nth(n);
  const check = (language: Language) =>
    shell(page).getByRole('button', { name: tr(language, 'blanks.check') });
  await gap(0).fill('minutos');
  await oneMove(page, () => check('en-US').click());
  await expect(gap(0)).toHaveAccessibleName(tr('en-US', 'blanks.gapWrong', { number: 1 }));
  const right = attempt.perfect as Move<'fill_in_the_blanks'>[];
  // Accents and case do not count here: "CREDITO" is "crédito".
  for (const [n, move] of right.entries()) await gap(n).fill(n === 1 ? 'CREDITO' : move.value);
  await axe(page, 'fill in the blanks board');
  await check('en-US').click();
  await expectResult(page, 'en-US', true, { errors: 1, allowed: bAllowed });
  await axe(page, 'fill in the blanks won');

  // fr on a phone: every gap wrong, past the allowance.
  await page.setViewportSize(PHONE);
  await openGame(page, courseId, blanks, 'fr');
  await startAttempt(page, blanks);
  await noOverflow(page, 'fill in the blanks board on a phone');
  for (const [n] of right.entries()) await gap(n).fill('zzz');
  await check('fr').click();
  await expectResult(page, 'fr', false, { score: 0, allowed: bAllowed });
  await axe(page, 'fill in the blanks lost, fr, phone');
  await noOverflow(page, 'fill in the blanks lost');

  // True or false, es at a desk: each statement answered right, with its explanation, in a row.
  const tf = games.get('true_or_false')!;
  const tAllowed = tf.game.settings.allowedErrors;
  const answer = async (language: Language, value: boolean, last: boolean, right?: boolean) => {
    await oneMove(page, () =>
      shell(page)
        .getByRole('button', {
          name: tr(language, value ? 'trueFalse.true' : 'trueFalse.false'),
          exact: true,
        })
        .click(),
    );
    // The last statement, or one error too many, ends the game: the result replaces the board.
    if (last) return;
    const feedback = page.getByTestId('statement-feedback');
    await expect(feedback).toBeVisible();
    if (right !== undefined)
      await expect(feedback).toContainText(tr(language, right ? 'trueFalse.right' : 'trueFalse.wrong'));
    await shell(page)
      .getByRole('button', { name: tr(language, 'trueFalse.next') })
      .click();
  };
  await page.setViewportSize(DESK);
  await openGame(page, courseId, tf, 'es');
  attempt = await startAttempt(page, tf);
  // The time limit runs on screen.
  await expect(page.getByTestId('game-timer')).toBeVisible();
  const statements = attempt.perfect as Move<'true_or_false'>[];
  for (const [i, move] of statements.entries()) {
    await expect(page.getByTestId('statement-progress')).toHaveText(
      tr('es', 'trueFalse.progress', { number: i + 1, total: statements.length }),
    );
    if (i === 0) {
      // The explanation shows after the answer, then the next statement.
      await answer('es', move.answer, false, true);
      await axe(page, 'true or false board');
    } else await answer('es', move.answer, i === statements.length - 1);
  }
  await expectResult(page, 'es', true, { score: 100, errors: 0, allowed: tAllowed });

  // en-US on a phone: wrong answers past the allowance.
  await page.setViewportSize(PHONE);
  await openGame(page, courseId, tf, 'en-US');
  attempt = await startAttempt(page, tf);
  for (const [i, move] of (attempt.wrong as Move<'true_or_false'>[]).slice(0, tAllowed + 1).entries())
    await answer('en-US', move.answer, i === tAllowed, false);
  await expectResult(page, 'en-US', false, { score: 0, errors: tAllowed + 1, allowed: tAllowed });
  await axe(page, 'true or false lost, en-US, phone');
  await noOverflow(page, 'true or false lost');
});

test('flashcards and the riddle: won at a desk, the riddle lost on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const learner = account('learner');
  const { courseId, games } = await demoGames(request, learner, account('manager'));
  await signIn(page, learner);
  await page.setViewportSize(DESK);

  // Flashcards, pt-BR: the first card "not yet" comes back at the end of the deck; the deck is won.
  const deck = games.get('flashcards')!;
  await openGame(page, courseId, deck, 'pt-BR');
  await expect(page.getByTestId('game-intro')).toContainText(tr('pt-BR', 'intro.noErrors'));
  const attempt = await startAttempt(page, deck);
  // A deck counts no errors: no meter.
  await expect(page.getByTestId('game-errors')).toHaveCount(0);
  const cards = attempt.perfect as Move<'flashcards'>[];
  const mark = async (which: 'known' | 'notYet') => {
    await shell(page)
      .getByRole('button', { name: tr('pt-BR', 'flashcards.flip') })
      .click();
    await expect(page.getByTestId('flashcard')).toHaveAttribute('data-open', 'true');
    await oneMove(page, () =>
      shell(page)
        .getByRole('button', { name: tr('pt-BR', `flashcards.${which}`) })
        .click(),
    );
  };
  const first = await page.getByTestId('flashcard').getAttribute('aria-label');
  await mark('notYet');
  await expect(page.getByTestId('flashcards-progress')).toHaveText(
    tr('pt-BR', 'flashcards.progress', { known: 0, total: cards.length, left: cards.length }),
  );
  await axe(page, 'flashcards board');
  for (let i = 0; i < cards.length - 1; i++) await mark('known');
  // The card not known yet is back, last.
  await expect(page.getByTestId('flashcard')).toHaveAttribute('aria-label', first!);
  await mark('known');
  await expectResult(page, 'pt-BR', true, { score: Math.round((100 * cards.length) / (cards.length + 1)) });
  await axe(page, 'flashcards won');

  // The riddle, fr at a desk: a hint (one error), then the answer's letters.
  const riddle = games.get('enigma')!;
  const rAllowed = riddle.game.settings.allowedErrors;
  const letter = (language: Language, l: string) =>
    oneMove(page, () =>
      shell(page)
        .getByRole('button', { name: tr(language, 'enigma.letter', { letter: l }) })
        .click(),
    );
  await openGame(page, courseId, riddle, 'fr');
  const play = await startAttempt(page, riddle);
  await oneMove(page, () =>
    shell(page)
      .getByRole('button', { name: tr('fr', 'enigma.hint_one', { count: 1 }) })
      .click(),
  );
  await expect(page.getByTestId('enigma-hints')).toContainText('Começa com a letra P.');
  const letters = (play.perfect as { type: 'letter'; letter: string }[]).map((m) => m.letter);
  for (const [i, l] of letters.entries()) {
    await letter('fr', l);
    if (i === 0) await axe(page, 'riddle board');
  }
  await expectResult(page, 'fr', true, { errors: 1, allowed: rAllowed });

  // es on a phone: letters not in the answer, past the allowance.
  await page.setViewportSize(PHONE);
  await openGame(page, courseId, riddle, 'es');
  await startAttempt(page, riddle);
  for (const l of ['B', 'C', 'D', 'E', 'F', 'H', 'I', 'J'].slice(0, rAllowed + 1)) await letter('es', l);
  await expectResult(page, 'es', false, { score: 0, errors: rAllowed + 1, allowed: rAllowed });
  await axe(page, 'riddle lost, es, phone');
  await noOverflow(page, 'riddle lost');
});

test.describe('on a touch screen', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('drag the words by finger at 390 px: a drag, a long press, double taps; won and lost', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const learner = account('learner');
    const { courseId, games } = await demoGames(request, learner, account('manager'));
    const game = games.get('drag_the_words')!;
    const allowed = game.game.settings.allowedErrors;
    await signIn(page, learner);
    await openGame(page, courseId, game, 'pt-BR');
    await axe(page, 'drag the words intro, phone');
    let attempt = await startAttempt(page, game);
    await noOverflow(page, 'drag the words board, phone');
    await page.getByTestId('words-text').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const finger = await touch(page);
    let words = dragTheWords(attempt);
    const moves = attempt.perfect as Move<'drag_the_words'>[];

    // A finger that moves less than 5 px is no drag: the word stays in the bank, nothing is sent.
    const firstWord = piece(page, words.wordText(moves[0]!));
    await finger.nudge(firstWord, DRAG_ACTIVATION_PX - 2);
    await expect(firstWord).toBeVisible();
    await expect(page.getByTestId('words-text')).not.toContainText(words.wordText(moves[0]!));

    // A finger held still 900 ms opens the list of gaps: the first word goes to its gap from there.
    await finger.press(firstWord, CONTEXT_MENU_MS + 150);
    const chooser = page.getByRole('dialog');
    await expect(chooser).toBeVisible();
    await axe(page, 'gap chooser, phone');
    await oneMove(page, () =>
      chooser
        .getByRole('button', { name: tr('pt-BR', 'words.gap', { number: words.gapIndex(moves[0]!) }) })
        .click(),
    );
    await expect(place(page, words.gapIndex(moves[0]!))).toContainText(words.wordText(moves[0]!));
    await expect(chooser).toHaveCount(0);

    // The others dragged by finger into their gaps.
    for (const [i, move] of moves.entries()) {
      if (i === 0) continue;
      await oneMove(page, () =>
        finger.drag(piece(page, words.wordText(move)), place(page, words.gapIndex(move))),
      );
      // The last word ends the game: the result replaces the board.
      if (i < moves.length - 1)
        await expect(place(page, words.gapIndex(move))).toContainText(words.wordText(move));
    }
    await expectResult(page, 'pt-BR', true, { score: 100, errors: 0, allowed });
    await axe(page, 'drag the words won, pt-BR, phone');
    await noOverflow(page, 'drag the words won');

    // A new round: distractors double tapped (two taps within 500 ms) go to the first empty gap, wrong.
    attempt = await startAttempt(page, game);
    words = dragTheWords(attempt);
    const distractors = (game.game as { settings: { distractors: string[] } }).settings.distractors;
    for (const word of distractors.slice(0, allowed + 1)) {
      const target = piece(page, word);
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      await oneMove(page, async () => {
        await page.touchscreen.tap(box!.x + box!.width / 2, box!.y + box!.height / 2);
        await page.touchscreen.tap(box!.x + box!.width / 2, box!.y + box!.height / 2);
      });
    }
    await expectResult(page, 'pt-BR', false, { score: 0, errors: allowed + 1, allowed });
    await axe(page, 'drag the words lost, pt-BR, phone');
  });
});
