import { fireEvent, screen } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { describe, expect, it } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const view: GameViewOf<'true_or_false'> = {
  kind: 'true_or_false',
  ...common,
  statements: [
    { id: 's1', text: 'A água ferve a 100 °C ao nível do mar.' },
    { id: 's2', text: 'O Sol gira em torno da Terra.' },
  ],
};
const truth: Record<string, boolean> = { s1: true, s2: false };
const feedback: Record<string, string> = {
  s1: 'Sim, à pressão de 1 atm.',
  s2: 'É a Terra que gira em torno do Sol.',
};
const game = {
  view,
  total: 2,
  judge: (move: { statementId: string; answer: boolean }) => ({
    correct: truth[move.statementId] === move.answer,
    feedback: feedback[move.statementId],
  }),
};

describe('true or false', () => {
  it('answers the statements in a row with feedback and wins', async () => {
    const api = fakeGameServer('true_or_false', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    expect((await screen.findByTestId('statement')).textContent).toBe(
      'A água ferve a 100 °C ao nível do mar.',
    );
    expect(screen.getByTestId('statement-progress').textContent).toBe('Afirmação 1 de 2');

    fireEvent.click(screen.getByRole('button', { name: 'Verdadeiro' }));
    const said = await screen.findByTestId('statement-feedback');
    expect(said.textContent).toContain('Certo!');
    expect(said.textContent).toContain('Sim, à pressão de 1 atm.');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima afirmação' }));

    expect(screen.getByTestId('statement').textContent).toBe('O Sol gira em torno da Terra.');
    fireEvent.click(screen.getByRole('button', { name: 'Falso' }));

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(api.submitted).toEqual([
      [
        { statementId: 's1', answer: true },
        { statementId: 's2', answer: false },
      ],
    ]);
  });

  it('tells a wrong answer and loses past the allowance', async () => {
    fakeGameServer('true_or_false', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByTestId('statement');

    fireEvent.click(screen.getByRole('button', { name: 'Falso' }));
    const said = await screen.findByTestId('statement-feedback');
    expect(said.textContent).toContain('Não é bem assim.');
    expect(screen.getByTestId('game-errors').textContent).toContain('Erros: 1 de 1');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima afirmação' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verdadeiro' }));

    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('false');
    expect(screen.getByText('Você passou do número de erros permitidos.')).toBeTruthy();
  });

  it('keeps the moves when the submission fails, and sends them again', async () => {
    const api = fakeGameServer('true_or_false', { ...game, failFirstSubmit: true });
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByTestId('statement');
    fireEvent.click(screen.getByRole('button', { name: 'Verdadeiro' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Próxima afirmação' }));
    fireEvent.click(screen.getByRole('button', { name: 'Falso' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Enviar de novo' }));
    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.submitted).toEqual([
      [
        { statementId: 's1', answer: true },
        { statementId: 's2', answer: false },
      ],
    ]);
  });
});
