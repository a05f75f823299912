import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameViewOf } from '@trilha/contracts/learning/games';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { common, fakeGameServer, renderGame } from '../test/fake-game-server';

const view: GameViewOf<'drag_and_drop'> = {
  kind: 'drag_and_drop',
  ...common,
  layout: 'boxes',
  zones: [
    { id: 'fruit', label: 'Frutas' },
    { id: 'veg', label: 'Legumes' },
  ],
  items: [
    { id: 'apple', face: { text: 'Maçã' } },
    { id: 'carrot', face: { text: 'Cenoura' } },
  ],
};
const solution: Record<string, string> = { apple: 'fruit', carrot: 'veg' };
const game = {
  view,
  total: 2,
  judge: (move: { itemId: string; zoneId: string }) => ({ correct: solution[move.itemId] === move.zoneId }),
};

/**
 * jsdom lays nothing out: zones get their own places (side by side, by their order) and the pieces sit
 * below them, so dnd-kit measures what a browser would.
 */
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const zone = this.getAttribute('data-zone');
    const box = zone
      ? { left: Number(zone) * 200, top: 0, width: 150, height: 80 }
      : { left: 0, top: 400, width: 80, height: 40 };
    return {
      ...box,
      x: box.left,
      y: box.top,
      right: box.left + box.width,
      bottom: box.top + box.height,
      toJSON: () => box,
    } as DOMRect;
  });
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Space picks the piece up, each arrow goes to the next zone, Space drops it. */
async function dragByKeyboard(piece: string, steps: number) {
  const handle = screen.getByRole('button', { name: piece });
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await tick();
  for (let i = 0; i < steps; i++) {
    fireEvent.keyDown(handle, { code: 'ArrowRight', key: 'ArrowRight' });
    await tick();
  }
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await tick();
}

beforeEach(layOut);
afterEach(() => vi.restoreAllMocks());

describe('drag and drop', () => {
  it('is won with the keyboard alone, with what a screen reader hears', async () => {
    const api = fakeGameServer('drag_and_drop', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByRole('group', { name: 'Frutas' });

    await dragByKeyboard('Maçã', 1);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Frutas' }).textContent).toContain('Maçã'));
    expect(document.body.textContent).toContain('Maçã foi solto em Frutas.');
    // The focus moves on to the next piece of the tray.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Cenoura'));

    await dragByKeyboard('Cenoura', 2);
    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Você venceu!' })).toBeTruthy();
    expect(screen.getByTestId('game-score').textContent).toContain('100');
    expect(api.submitted).toEqual([
      [
        { itemId: 'apple', zoneId: 'fruit' },
        { itemId: 'carrot', zoneId: 'veg' },
      ],
    ]);
  });

  it('sends a wrong piece back and loses past the errors allowed (dragged with the mouse)', async () => {
    fakeGameServer('drag_and_drop', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    await screen.findByRole('group', { name: 'Legumes' });

    const dragWithMouse = async (piece: string, zoneIndex: number) => {
      const handle = screen.getByRole('button', { name: piece });
      fireEvent.mouseDown(handle, { button: 0, clientX: 10, clientY: 410 });
      fireEvent.mouseMove(document, { clientX: 20, clientY: 410 });
      await tick();
      fireEvent.mouseMove(document, { clientX: zoneIndex * 200 + 50, clientY: 30 });
      await tick();
      fireEvent.mouseUp(document, { clientX: zoneIndex * 200 + 50, clientY: 30 });
      await tick();
    };

    await dragWithMouse('Maçã', 2);
    await waitFor(() => expect(screen.getByTestId('game-errors').textContent).toContain('Erros: 1 de 1'));
    // The wrong piece is back in the tray.
    expect(screen.getByRole('group', { name: 'Legumes' }).textContent).not.toContain('Maçã');
    expect(screen.getByRole('button', { name: 'Maçã' })).toBeTruthy();

    await dragWithMouse('Cenoura', 1);
    const result = await screen.findByTestId('game-result');
    expect(result.getAttribute('data-won')).toBe('false');
    expect(screen.getByText('Você passou do número de erros permitidos.')).toBeTruthy();
    expect(screen.getByTestId('game-result-errors').textContent).toContain('2 / 1');
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
  });

  it('offers the places in a list after a finger held still for 900 ms, not after one that moved', async () => {
    const api = fakeGameServer('drag_and_drop', game);
    renderGame();
    fireEvent.click(await screen.findByRole('button', { name: 'Jogar' }));
    const apple = await screen.findByRole('button', { name: 'Maçã' });

    // A finger that moves 5 px is a drag, not a press.
    fireEvent.pointerDown(apple, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 410 });
    fireEvent.pointerMove(apple, { pointerId: 1, pointerType: 'touch', clientX: 16, clientY: 410 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.pointerUp(apple, { pointerId: 1, pointerType: 'touch' });

    // Not yet at 500 ms; at 900 ms the list opens.
    fireEvent.pointerDown(apple, { pointerId: 2, pointerType: 'touch', clientX: 10, clientY: 410 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Onde vai Maçã?' });
    fireEvent.pointerUp(apple, { pointerId: 2, pointerType: 'touch' });
    // The finger's lift clicks nothing: the list now under it must not take a place by itself.
    expect(fireEvent.touchEnd(apple)).toBe(false);
    expect(fireEvent.touchEnd(apple)).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Frutas' }));

    await waitFor(() => expect(screen.getByRole('group', { name: 'Frutas' }).textContent).toContain('Maçã'));
    expect(api.submitted).toEqual([]);
    expect(
      api.calls.filter((c) => c.url.endsWith('/moves')).map((c) => JSON.parse(String(c.init?.body))),
    ).toEqual([{ moves: [{ itemId: 'apple', zoneId: 'fruit' }] }]);
  });
});
