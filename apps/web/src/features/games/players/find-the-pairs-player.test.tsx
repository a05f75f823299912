import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { describe, expect, it } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const view: GameViewOf<'find_the_pairs'> = {
  kind: 'find_the_pairs',
  ...common,
  cards: [
    { id: 0, face: { text: 'Cão' } },
    { id: 1, face: { text: 'Gato' } },
    { id: 2, face: { text: 'Dog' } },
    { id: 3, face: { text: 'Cat' } },
  ],
};
const pairOf: Record<number, number> = { 0: 2, 2: 0, 1: 3, 3: 1 };
const game = {
  view,
  total: 2,
  judge: (move: { first: number; second: number }) => ({ correct: pairOf[move.first] === move.second }),
};

const card = (n: number) => screen.getByRole('button', { name: new RegExp(`^Carta ${n}`) });

describe('find the pairs', () => {
  it('turns two cards at a time, keeps the pairs and wins', async () => {
    const api = fakeGameServer('find_the_pairs', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByRole('group', { name: 'Cartas' });

    expect(card(1).getAttribute('aria-label')).toBe('Carta 1, virada para baixo');
    fireEvent.click(card(1));
    expect(card(1).getAttribute('aria-label')).toBe('Carta 1: Cão');
    fireEvent.click(card(2));
    // Not a pair: an error, and both turn back after a moment.
    await waitFor(() =>
      expect(screen.getByTestId('pairs-status').textContent).toBe('Cão e Gato não formam um par.'),
    );
    await waitFor(() => expect(card(1).getAttribute('aria-label')).toBe('Carta 1, virada para baixo'));
    expect(screen.getByTestId('game-errors').textContent).toContain('Erros: 1 de 1');

    fireEvent.click(card(1));
    fireEvent.click(card(3));
    await waitFor(() => expect(card(1).getAttribute('aria-label')).toBe('Carta 1: Cão, par encontrado'));
    expect(screen.getByTestId('pairs-found').textContent).toBe('Pares encontrados: 1 de 2');

    fireEvent.click(card(2));
    fireEvent.click(card(4));
    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(screen.getByTestId('game-score').textContent).toBe('90');
    expect(api.submitted[0]).toHaveLength(3);
  });

  it('fails once the errors go past the allowance', async () => {
    fakeGameServer('find_the_pairs', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByRole('group', { name: 'Cartas' });

    fireEvent.click(card(1));
    fireEvent.click(card(2));
    await waitFor(() => expect(card(1).getAttribute('aria-label')).toBe('Carta 1, virada para baixo'));
    fireEvent.click(card(3));
    fireEvent.click(card(4));

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Não foi dessa vez' })).toBeTruthy();
    expect(screen.getByTestId('game-score').textContent).toBe('0');
  });
});
