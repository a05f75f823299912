import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { describe, expect, it } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const view: GameViewOf<'flashcards'> = {
  kind: 'flashcards',
  ...common,
  cards: [
    { id: 'c1', front: { text: 'Hello' }, back: { text: 'Olá' } },
    { id: 'c2', front: { text: 'Thanks' }, back: { text: 'Obrigado' } },
  ],
};
const game = {
  view,
  total: 2,
  judge: (move: { mark: string }) => ({ correct: move.mark === 'known', errors: 0 }),
};

describe('flashcards', () => {
  it('flips cards, brings the unknown back at the end and is done when every card is known', async () => {
    const api = fakeGameServer('flashcards', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    const card = await screen.findByTestId('flashcard');
    // A deck has no errors to count.
    expect(screen.queryByTestId('game-errors')).toBeNull();
    expect(card.getAttribute('aria-label')).toBe('Frente: Hello. Pressione para virar.');
    fireEvent.click(card);
    expect(card.getAttribute('aria-label')).toBe('Verso: Olá. Pressione para virar de novo.');
    fireEvent.click(screen.getByRole('button', { name: 'Ainda não' }));

    await waitFor(() =>
      expect(screen.getByTestId('flashcard').getAttribute('aria-label')).toBe(
        'Frente: Thanks. Pressione para virar.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Virar o cartão' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eu sabia' }));

    // "Hello" comes back.
    await waitFor(() =>
      expect(screen.getByTestId('flashcard').getAttribute('aria-label')).toBe(
        'Frente: Hello. Pressione para virar.',
      ),
    );
    expect(screen.getByTestId('flashcards-progress').textContent).toBe('Sabidos: 1 de 2 · 1 no baralho');
    fireEvent.click(screen.getByRole('button', { name: 'Virar o cartão' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eu sabia' }));

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(api.submitted).toEqual([
      [
        { cardId: 'c1', mark: 'not_yet' },
        { cardId: 'c2', mark: 'known' },
        { cardId: 'c1', mark: 'known' },
      ],
    ]);
  });

  it('ends when the time limit runs out, with the moves made so far', async () => {
    const api = fakeGameServer('flashcards', {
      ...game,
      view: { ...view, timeLimitSeconds: 60 },
      deadlineSeconds: 1,
    });
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    expect((await screen.findByTestId('game-timer')).textContent).toContain('0:01');
    fireEvent.click(screen.getByRole('button', { name: 'Virar o cartão' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eu sabia' }));
    await waitFor(() =>
      expect(screen.getByTestId('flashcards-progress').textContent).toContain('Sabidos: 1 de 2'),
    );

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('false');
    expect(screen.getByText('O tempo acabou.')).toBeTruthy();
    expect(screen.getByTestId('game-done').textContent).toBe('1 / 2');
    expect(api.submitted).toEqual([[{ cardId: 'c1', mark: 'known' }]]);
  });
});
