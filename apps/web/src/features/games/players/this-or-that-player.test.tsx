import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { describe, expect, it } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const view: GameViewOf<'this_or_that'> = {
  kind: 'this_or_that',
  ...common,
  left: { text: 'Fruta' },
  right: { text: 'Legume' },
  items: [
    { id: 'a', face: { text: 'Banana' } },
    { id: 'b', face: { text: 'Alface' } },
    { id: 'c', face: { text: 'Uva' } },
  ],
};
const sides: Record<string, string> = { a: 'left', b: 'right', c: 'left' };
const game = {
  view,
  total: 3,
  judge: (move: { itemId: string; side: string }) => ({ correct: sides[move.itemId] === move.side }),
};

const item = () => screen.getByTestId('sort-item');

describe('this or that', () => {
  it('is won by a swipe, a button and an arrow key', async () => {
    const api = fakeGameServer('this_or_that', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByRole('img', { name: 'Banana' });

    // A swipe to the left on a phone.
    fireEvent.pointerDown(item(), { pointerId: 1, clientX: 200 });
    fireEvent.pointerMove(item(), { pointerId: 1, clientX: 150 });
    fireEvent.pointerUp(item(), { pointerId: 1, clientX: 100 });
    await waitFor(() =>
      expect(screen.getByTestId('sort-verdict').textContent).toBe('Certo: Banana vai para Fruta.'),
    );

    await screen.findByRole('img', { name: 'Alface' });
    fireEvent.click(screen.getByRole('button', { name: 'Mandar para Legume' }));

    await screen.findByRole('img', { name: 'Uva' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(api.submitted).toEqual([
      [
        { itemId: 'a', side: 'left' },
        { itemId: 'b', side: 'right' },
        { itemId: 'c', side: 'left' },
      ],
    ]);
  });

  it('counts a wrong side as an error, a short swipe as nothing, and loses', async () => {
    fakeGameServer('this_or_that', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByRole('img', { name: 'Banana' });

    // Too short to count.
    fireEvent.pointerDown(item(), { pointerId: 1, clientX: 200 });
    fireEvent.pointerUp(item(), { pointerId: 1, clientX: 230 });
    expect(screen.getByTestId('sort-verdict').textContent).toBe('');

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(screen.getByTestId('sort-verdict').textContent).toBe(
        'Não foi dessa vez: Banana não vai para Legume.',
      ),
    );
    await screen.findByRole('img', { name: 'Alface' });
    fireEvent.click(screen.getByRole('button', { name: 'Mandar para Fruta' }));

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('false');
    expect(screen.getByTestId('game-result-errors').textContent).toBe('2 / 1');
  });
});
