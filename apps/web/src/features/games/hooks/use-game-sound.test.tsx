import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { describe, expect, it, vi } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const view: GameViewOf<'true_or_false'> = {
  kind: 'true_or_false',
  ...common,
  statements: [
    { id: 's1', text: 'Um.' },
    { id: 's2', text: 'Dois.' },
  ],
};

/** An audio context that counts the notes it is asked to play. */
function countNotes() {
  const notes: number[] = [];
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    createOscillator() {
      const oscillator = {
        frequency: { value: 0 },
        connect: (next: unknown) => next,
        start: () => notes.push(oscillator.frequency.value),
        stop: () => undefined,
      };
      return oscillator;
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        connect: (next: unknown) => next,
      };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return notes;
}

describe('game sound', () => {
  it('is off until the learner turns it on, and the choice is remembered', async () => {
    const notes = countNotes();
    fakeGameServer('true_or_false', { view, total: 2, judge: () => ({ correct: true }) });
    const first = renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    const sound = await screen.findByRole('switch', { name: 'Som' });
    expect((sound as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Verdadeiro' }));
    await screen.findByTestId('statement-feedback');
    expect(notes).toEqual([]);

    fireEvent.click(sound);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima afirmação' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verdadeiro' }));
    // A right answer, then the winning tune.
    await waitFor(() => expect(notes).toEqual([660, 880, 523, 659, 784, 1047]));

    first.unmount();
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    expect(((await screen.findByRole('switch', { name: 'Som' })) as HTMLInputElement).checked).toBe(true);
  });
});
