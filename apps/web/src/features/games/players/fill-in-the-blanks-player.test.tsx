import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { describe, expect, it } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const view: GameViewOf<'fill_in_the_blanks'> = {
  kind: 'fill_in_the_blanks',
  ...common,
  parts: [
    { type: 'text', text: 'A capital do Brasil é ' },
    { type: 'gap', id: 'g1' },
    { type: 'text', text: ' e a da França é ' },
    { type: 'gap', id: 'g2' },
    { type: 'text', text: '.' },
  ],
  caseSensitive: false,
  accentSensitive: false,
};
const answers: Record<string, string[]> = { g1: ['brasilia', 'brasília'], g2: ['paris'] };
const game = {
  view,
  total: 2,
  judge: (move: { gapId: string; value: string }) => ({
    correct: answers[move.gapId]!.includes(move.value.toLowerCase()),
  }),
};

const gap = (name: string) => screen.getByRole('textbox', { name });

describe('fill in the blanks', () => {
  it('checks the typed gaps, lets a wrong one be typed again and wins', async () => {
    const api = fakeGameServer('fill_in_the_blanks', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByRole('textbox', { name: 'Lacuna 1' });

    const check = screen.getByRole('button', { name: 'Conferir' });
    expect(check.hasAttribute('disabled')).toBe(true);
    fireEvent.change(gap('Lacuna 1'), { target: { value: 'Brasília' } });
    fireEvent.change(gap('Lacuna 2'), { target: { value: 'Lyon' } });
    fireEvent.click(check);
    await screen.findByRole('textbox', { name: 'Lacuna 1, certa' });
    await screen.findByRole('textbox', { name: 'Lacuna 2, errada: tente de novo' });
    expect(screen.getByTestId('game-errors').textContent).toContain('Erros: 1 de 1');

    fireEvent.change(gap('Lacuna 2, errada: tente de novo'), { target: { value: 'Paris' } });
    fireEvent.keyDown(gap('Lacuna 2'), { key: 'Enter' });

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(api.submitted).toEqual([
      [
        { gapId: 'g1', value: 'Brasília' },
        { gapId: 'g2', value: 'Lyon' },
        { gapId: 'g2', value: 'Paris' },
      ],
    ]);
  });

  it('loses past the errors allowed', async () => {
    fakeGameServer('fill_in_the_blanks', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByRole('textbox', { name: 'Lacuna 1' });

    fireEvent.change(gap('Lacuna 1'), { target: { value: 'Rio' } });
    fireEvent.change(gap('Lacuna 2'), { target: { value: 'Lyon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Conferir' }));

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('false');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Não foi dessa vez'));
  });
});
