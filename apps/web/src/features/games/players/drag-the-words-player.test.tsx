import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const view: GameViewOf<'drag_the_words'> = {
  kind: 'drag_the_words',
  ...common,
  parts: [
    { type: 'text', text: 'O céu é ' },
    { type: 'gap', id: 'g1' },
    { type: 'text', text: ' e a grama é ' },
    { type: 'gap', id: 'g2' },
    { type: 'text', text: '.' },
  ],
  words: [
    { id: 'w1', text: 'verde' },
    { id: 'w2', text: 'azul' },
    { id: 'w3', text: 'roxo' },
  ],
};
const solution: Record<string, string> = { g1: 'w2', g2: 'w1' };
const game = {
  view,
  total: 2,
  judge: (move: { wordId: string; gapId: string }) => ({ correct: solution[move.gapId] === move.wordId }),
};

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  // jsdom lays nothing out: the gaps get their own places, the words sit below them.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const zone = this.getAttribute('data-zone');
    const left = zone ? Number(zone) * 200 : 0;
    const top = zone ? 0 : 400;
    const box = { left, top, width: 100, height: 40 };
    return { ...box, x: left, y: top, right: left + 100, bottom: top + 40, toJSON: () => box } as DOMRect;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('drag the words', () => {
  it('is won by double tapping words into the first empty gap and by the keyboard', async () => {
    const api = fakeGameServer('drag_the_words', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));

    // Two taps within 500 ms: into the first empty gap.
    const azul = await screen.findByRole('button', { name: 'azul' });
    fireEvent.click(azul);
    fireEvent.click(azul);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Lacuna 1: azul' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'azul' })).toBeNull();

    // Keyboard: Space picks "verde" up, two arrows reach gap 2, Space drops it.
    const verde = screen.getByRole('button', { name: 'verde' });
    verde.focus();
    fireEvent.keyDown(verde, { code: 'Space', key: ' ' });
    await tick();
    fireEvent.keyDown(verde, { code: 'ArrowRight', key: 'ArrowRight' });
    await tick();
    fireEvent.keyDown(verde, { code: 'ArrowRight', key: 'ArrowRight' });
    await tick();
    fireEvent.keyDown(verde, { code: 'Space', key: ' ' });

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(api.submitted).toEqual([
      [
        { wordId: 'w2', gapId: 'g1' },
        { wordId: 'w1', gapId: 'g2' },
      ],
    ]);
  });

  it('sends a wrong word back to the bank and loses past the allowance', async () => {
    fakeGameServer('drag_the_words', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));

    // A right click offers the empty gaps.
    const roxo = await screen.findByRole('button', { name: 'roxo' });
    fireEvent.contextMenu(roxo);
    const dialog = await screen.findByRole('dialog', { name: 'Onde vai roxo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lacuna 1' }));
    await waitFor(() => expect(screen.getByTestId('game-errors').textContent).toContain('Erros: 1 de 1'));
    expect(screen.getByRole('group', { name: 'Lacuna 1' })).toBeTruthy();
    const back = screen.getByRole('button', { name: 'roxo' });

    // Clicks far apart are not a double tap.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now');
    clock.mockReturnValue(now + 1000);
    fireEvent.click(back);
    clock.mockReturnValue(now + 1600);
    fireEvent.click(back);
    await tick();
    expect(screen.getByRole('group', { name: 'Lacuna 1' })).toBeTruthy();
    clock.mockReturnValue(now + 1700);
    fireEvent.click(back);

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('false');
    expect(screen.getByText('Você passou do número de erros permitidos.')).toBeTruthy();
  });
});
