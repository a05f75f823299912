import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { describe, expect, it } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const answer = 'PÃO';
const view: GameViewOf<'enigma'> = {
  kind: 'enigma',
  ...common,
  allowedErrors: 2,
  riddle: 'Sai do forno todas as manhãs.',
  slots: [null, null, null],
  hintCount: 1,
  hintCost: 1,
};
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
type Move = { type: 'letter'; letter: string } | { type: 'hint' };
const game = {
  view,
  total: 3,
  judge: (move: Move) => {
    if (move.type === 'hint') return { correct: true, errors: 1, done: 0, hint: 'Vai bem com manteiga.' };
    const positions = [...plain(answer)].flatMap((c, i) => (c === move.letter ? [i] : []));
    return { correct: positions.length > 0, positions, done: positions.length };
  },
};

const slots = () => screen.getAllByTestId('enigma-slot').map((s) => s.textContent);

describe('enigma', () => {
  it('is solved letter by letter, typed or tapped, with a hint that costs an error', async () => {
    const api = fakeGameServer('enigma', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByText('Sai do forno todas as manhãs.');

    fireEvent.click(screen.getByRole('button', { name: 'Ver uma dica (custa 1 erro)' }));
    expect((await screen.findByTestId('enigma-hints')).textContent).toBe('Vai bem com manteiga.');
    expect(screen.getByTestId('game-errors').textContent).toContain('Erros: 1 de 2');

    // Typed with an accent: it counts as the plain letter.
    fireEvent.change(screen.getByRole('textbox', { name: 'Digite uma letra' }), { target: { value: 'ã' } });
    await waitFor(() => expect(slots()).toEqual(['', 'A', '']));
    expect(screen.getByTestId('enigma-status').textContent).toBe('A está na resposta, 1 vez.');
    expect(screen.getByRole('button', { name: 'Letra A' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Letra P' }));
    await waitFor(() => expect(slots()).toEqual(['P', 'A', '']));
    fireEvent.click(screen.getByRole('button', { name: 'Letra O' }));

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(api.submitted).toEqual([
      [
        { type: 'hint' },
        { type: 'letter', letter: 'A' },
        { type: 'letter', letter: 'P' },
        { type: 'letter', letter: 'O' },
      ],
    ]);
  });

  it('loses once the wrong letters go past the allowance', async () => {
    fakeGameServer('enigma', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByText('Sai do forno todas as manhãs.');

    for (const letter of ['X', 'Z']) {
      fireEvent.click(screen.getByRole('button', { name: `Letra ${letter}` }));
      await waitFor(() =>
        expect(screen.getByTestId('enigma-status').textContent).toBe(`${letter} não está na resposta.`),
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Letra K' }));

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('false');
    expect(screen.getByTestId('game-result-errors').textContent).toBe('3 / 2');
  });
});
