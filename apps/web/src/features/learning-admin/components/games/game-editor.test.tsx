import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminCourse } from '@trilha/contracts/learning';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers';
import { useCommonStore } from '../../../../lib/session-store';
import { json } from '../../../../test/fixtures';
import { mockApi } from '../../../../test/render-app';
import { ActivityModal } from '../activity-modal';

// Pictures go up through the multipart upload (XMLHttpRequest): its module answers the stored URL.
const upload = vi.hoisted(() => vi.fn());
vi.mock('../../api/upload', () => ({ uploadFile: upload }));

const course = (): AdminCourse => ({
  id: 1,
  title: 'Atendimento',
  description: '',
  coverUrl: null,
  workloadMinutes: null,
  categoryId: null,
  tagIds: [],
  subscriptionMode: 'open',
  prerequisiteIds: [],
  isPublic: false,
  published: false,
  publishedAt: null,
  audience: { areaIds: [], groupIds: [], countryIds: [], roles: [] },
  modules: [{ id: 5, position: 1, title: 'Módulo', activities: [] }],
  enrollmentCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const activitiesUrl = '/api/admin/learning/modules/5/activities';

function api(answer: () => Response = () => json(course())) {
  return mockApi((url, init) => {
    if (url === activitiesUrl && init?.method === 'POST') return answer();
    if (url === '/api/admin/awards/badges') return json({ badges: [] });
    if (url.startsWith('/api/admin/awards/')) return json({ award: null });
    return undefined;
  });
}

const posted = (calls: { url: string; init?: RequestInit }[]) =>
  calls
    .filter((c) => c.url === activitiesUrl && c.init?.method === 'POST')
    .map(
      (c) =>
        JSON.parse(String(c.init!.body)) as {
          kind: string;
          title: string;
          settings: Record<string, unknown>;
        },
    );

function renderModal() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  render(
    <AppProviders env="test">
      <ActivityModal courseId={1} moduleId={5} activity={null} opened onClose={() => undefined} />
    </AppProviders>,
  );
}

const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'))!;

async function choose(label: string, option: string) {
  fireEvent.click(selectInput(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function startGame(kind: string, title: string) {
  renderModal();
  await choose('Tipo', kind);
  fireEvent.change(screen.getByRole('textbox', { name: /^Título/ }), { target: { value: title } });
  await screen.findByTestId('game-editor');
}

const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

const common = { timeLimitSeconds: null, points: 0, xp: 0, instructions: '' };

describe('the game editors of the activity editor', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  beforeEach(() => upload.mockReset());

  it('builds a true or false game, its preview following the edits, and sends its settings', async () => {
    const { calls } = api();
    await startGame('Verdadeiro ou falso', 'Regras da loja');
    expect(screen.getByTestId('preview-incomplete')).toBeTruthy();
    type('Texto da afirmação 1', 'A troca vale por 30 dias.');
    // The preview is the learner's board, built from the draft.
    expect((await screen.findByTestId('statement')).textContent).toBe('A troca vale por 30 dias.');
    type('Texto da afirmação 1', 'A troca vale por 7 dias.');
    await waitFor(() => expect(screen.getByTestId('statement').textContent).toBe('A troca vale por 7 dias.'));
    fireEvent.click(screen.getByRole('radio', { name: 'Falso' }));
    type('Comentário após a afirmação 1', 'São 30 dias.');
    // Playing the preview answers with the draft's solution and feedback.
    const preview = screen.getByTestId('game-preview');
    fireEvent.click(within(preview).getByRole('button', { name: /Falso/ }));
    expect(await within(preview).findByText('São 30 dias.')).toBeTruthy();
    expect(within(preview).getByTestId('preview-end').textContent).toContain('Vitória');

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar afirmação' }));
    type('Texto da afirmação 2', 'Nota fiscal é obrigatória.');
    type('Instruções', 'Responda rápido.');
    fireEvent.change(screen.getByTestId('game-allowed-errors'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Limite de tempo' }));
    fireEvent.change(screen.getByTestId('game-time-limit'), { target: { value: '90' } });
    fireEvent.change(screen.getByTestId('game-points'), { target: { value: '50' } });
    fireEvent.change(screen.getByTestId('game-xp'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('activity-save'));

    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({
      kind: 'true_or_false',
      title: 'Regras da loja',
      settings: {
        allowedErrors: 1,
        timeLimitSeconds: 90,
        points: 50,
        xp: 20,
        instructions: 'Responda rápido.',
        shuffle: false,
        statements: [
          { id: 's1', text: 'A troca vale por 7 dias.', answer: false, feedback: 'São 30 dias.' },
          { id: 's2', text: 'Nota fiscal é obrigatória.', answer: true, feedback: '' },
        ],
      },
    });
  });

  it('marks a gap by selecting words, takes distractors and sends drag the words', async () => {
    const { calls } = api();
    await startGame('Arrastar as palavras', 'Capitais');
    const area = screen.getByRole('textbox', { name: 'Texto' }) as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: 'A capital do Peru é Lima.' } });
    // " Lima" selected: the space stays outside the gap.
    area.setSelectionRange(19, 24);
    fireEvent.click(screen.getByRole('button', { name: 'Criar lacuna' }));
    expect(area.value).toBe('A capital do Peru é [[Lima]].');
    expect(within(screen.getByRole('list', { name: 'Lacunas' })).getByText('Lima')).toBeTruthy();
    // Nothing selected: the button says what to do.
    area.setSelectionRange(3, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Criar lacuna' }));
    expect(screen.getByText('Primeiro selecione no texto as palavras da lacuna.')).toBeTruthy();
    const distractors = screen.getByTestId('distractors');
    // One word a line; blank lines are skipped.
    fireEvent.change(distractors, { target: { value: 'Quito\n\nBogotá\n' } });
    // The preview's bank holds the gap's word and the distractors.
    await waitFor(() => expect(within(screen.getByTestId('game-preview')).getByText('Quito')).toBeTruthy());
    const preview = screen.getByTestId('game-preview');
    expect(within(preview).getByText('Bogotá')).toBeTruthy();
    expect(within(preview).getByText('Lima')).toBeTruthy();

    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toEqual({
      kind: 'drag_the_words',
      title: 'Capitais',
      description: '',
      requiresPrevious: false,
      requiresAuthorization: false,
      settings: {
        allowedErrors: 3,
        ...common,
        parts: [
          { type: 'text', text: 'A capital do Peru é ' },
          { type: 'gap', id: 'g1', answer: 'Lima' },
          { type: 'text', text: '.' },
        ],
        distractors: ['Quito', 'Bogotá'],
      },
    });
  });

  it('writes fill in the blanks with variants and its comparison options', async () => {
    const { calls } = api();
    await startGame('Preencha as lacunas', 'Lacunas');
    type('Texto', 'Capital: [[Brasília|Brasilia DF]]!');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acentos devem coincidir' }));
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.settings).toEqual({
      allowedErrors: 3,
      ...common,
      parts: [
        { type: 'text', text: 'Capital: ' },
        { type: 'gap', id: 'g1', answers: ['Brasília', 'Brasilia DF'] },
        { type: 'text', text: '!' },
      ],
      caseSensitive: false,
      accentSensitive: true,
    });
  });

  it('builds find the pairs with a picture uploaded to the game images route', async () => {
    upload.mockResolvedValue({ url: '/api/media/game-images/abc.webp' });
    const { calls } = api();
    await startGame('Encontre os pares', 'Memória');
    type('Par 1, primeira carta', 'Tinta');
    type('Par 1, segunda carta', 'Paint');
    type('Par 2, primeira carta', 'Rolo');
    const file = new File(['png'], 'rolo.png', { type: 'image/png' });
    // The picture of the second card of pair 2.
    const pictures = screen.getAllByRole('button', { name: /Imagem de Par 2, segunda carta/ });
    expect(pictures).toHaveLength(1);
    const fileInputs = [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    expect(fileInputs.length).toBe(4);
    fireEvent.change(fileInputs[3]!, { target: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![0]).toBe('/api/admin/learning/game-images');
    expect(upload.mock.calls[0]![1]).toBe(file);
    // The preview shows four cards.
    await waitFor(() =>
      expect(within(screen.getByTestId('game-preview')).getAllByRole('button').length).toBeGreaterThanOrEqual(
        4,
      ),
    );

    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.settings).toEqual({
      allowedErrors: 3,
      ...common,
      pairs: [
        { id: 'p1', a: { text: 'Tinta' }, b: { text: 'Paint' } },
        { id: 'p2', a: { text: 'Rolo' }, b: { text: '', imageUrl: '/api/media/game-images/abc.webp' } },
      ],
    });
  });

  it('adds and removes flashcards, never below one card', async () => {
    const { calls } = api();
    await startGame('Cartões de memorização', 'Cartões');
    expect(screen.getByRole('button', { name: 'Remover cartão 1' }).hasAttribute('disabled')).toBe(true);
    type('Frente do cartão 1', 'Tinta');
    type('Verso do cartão 1', 'Paint');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar cartão' }));
    type('Frente do cartão 2', 'Rolo');
    type('Verso do cartão 2', 'Roller');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar cartão' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remover cartão 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remover cartão 2' }));
    expect(screen.getByRole('button', { name: 'Remover cartão 1' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.settings).toEqual({
      allowedErrors: 3,
      ...common,
      cards: [{ id: 'c2', front: { text: 'Rolo' }, back: { text: 'Roller' } }],
      shuffle: true,
    });
  });

  it('draws the zones of a drag and drop image with the pointer and with the numeric inputs', async () => {
    upload.mockResolvedValue({ url: '/api/media/game-images/loja.webp' });
    const { calls } = api();
    await startGame('Arrastar e soltar', 'Vitrine');
    fireEvent.click(screen.getByRole('radio', { name: 'Imagem com zonas' }));
    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(fileInput, {
      target: { files: [new File(['png'], 'loja.png', { type: 'image/png' })] },
    });
    const canvas = await screen.findByTestId('zone-canvas');
    canvas.getBoundingClientRect = () =>
      ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50 }) as DOMRect;
    // Press at 10%, 20% and release at 35%, 70%: the first zone's rectangle.
    fireEvent.pointerDown(canvas, { clientX: 140, clientY: 90, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 200, clientY: 150, pointerId: 1 });
    expect(screen.getByTestId('zone-drawing').style.width).toBe('15%');
    fireEvent.pointerUp(canvas, { clientX: 240, clientY: 190, pointerId: 1 });
    expect(screen.queryByTestId('zone-drawing')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Zona 1 esquerda (%)' }) as HTMLInputElement).value).toBe(
      '10%',
    );
    expect((screen.getByRole('textbox', { name: 'Zona 1 altura (%)' }) as HTMLInputElement).value).toBe(
      '50%',
    );
    type('Rótulo da zona 1', 'Prateleira');

    // The second zone typed in percent.
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar zona' }));
    type('Rótulo da zona 2', 'Caixa');
    type('Zona 2 esquerda (%)', '60');
    type('Zona 2 topo (%)', '10');
    type('Zona 2 largura (%)', '30');
    type('Zona 2 altura (%)', '40');

    type('Texto do item 1', 'Lata de tinta');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
    type('Texto do item 2', 'Troco');
    await choose('O item 2 vai para', 'Caixa');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
    type('Texto do item 3', 'Guarda-chuva');
    await choose('O item 3 vai para', 'Nenhuma zona (distrator)');
    await waitFor(() =>
      expect(within(screen.getByTestId('game-preview')).getByText('Guarda-chuva')).toBeTruthy(),
    );

    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.settings).toEqual({
      allowedErrors: 3,
      ...common,
      layout: 'image',
      imageUrl: '/api/media/game-images/loja.webp',
      zones: [
        { id: 'z1', label: 'Prateleira', rect: { x: 10, y: 20, width: 25, height: 50 } },
        { id: 'z2', label: 'Caixa', rect: { x: 60, y: 10, width: 30, height: 40 } },
      ],
      items: [
        { id: 'i1', face: { text: 'Lata de tinta' }, zoneId: 'z1' },
        { id: 'i2', face: { text: 'Troco' }, zoneId: 'z2' },
        { id: 'i3', face: { text: 'Guarda-chuva' }, zoneId: null },
      ],
    });
  });

  it('shows the contract’s problem on its field and sends nothing', async () => {
    const { calls } = api();
    await startGame('Enigma', 'Charada');
    type('Enigma', 'O que tem dentes e não morde?');
    type('Resposta', 'pente?');
    fireEvent.click(screen.getByTestId('activity-save'));
    const answer = screen.getByRole('textbox', { name: 'Resposta' });
    await waitFor(() => expect(answer.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('A resposta do enigma deve ter só letras, números, espaços, hífens e apóstrofos.'),
    ).toBeTruthy();
    expect(screen.getByTestId('game-invalid')).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);

    // Fixed, the game goes with its hints.
    type('Resposta', 'pente');
    await waitFor(() => expect(answer.getAttribute('aria-invalid')).not.toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar dica' }));
    type('Dica 1', 'Fica no banheiro.');
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.settings).toEqual({
      allowedErrors: 3,
      ...common,
      riddle: 'O que tem dentes e não morde?',
      answer: 'pente',
      hints: ['Fica no banheiro.'],
      hintCost: 1,
    });
  });

  it('opens a saved game with its settings and saves them back', async () => {
    const saved = {
      allowedErrors: 2,
      timeLimitSeconds: null,
      points: 10,
      xp: 0,
      instructions: '',
      left: { text: 'Interno' },
      right: { text: 'Externo' },
      items: [
        { id: 'i1', face: { text: 'Selador' }, side: 'left' },
        { id: 'i2', face: { text: 'Esmalte' }, side: 'right' },
      ],
      shuffle: false,
    };
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/learning/activities/70' && init?.method === 'PUT') return json(course());
      if (url === '/api/admin/awards/badges') return json({ badges: [] });
      if (url.startsWith('/api/admin/awards/')) return json({ award: null });
      return undefined;
    });
    useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
    render(
      <AppProviders env="test">
        <ActivityModal
          courseId={1}
          moduleId={5}
          activity={{
            id: 70,
            moduleId: 5,
            hierarchyOrder: '1.1',
            position: 1,
            kind: 'this_or_that',
            title: 'Interno ou externo',
            description: '',
            requiresPrevious: false,
            requiresAuthorization: false,
            settings: {},
            game: saved,
            file: null,
            scorm: null,
            ready: true,
          }}
          opened
          onClose={() => undefined}
        />
      </AppProviders>,
    );
    await screen.findByTestId('game-editor');
    expect((screen.getByRole('textbox', { name: 'Texto do item 2' }) as HTMLInputElement).value).toBe(
      'Esmalte',
    );
    type('Texto do item 2', 'Esmalte sintético');
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === '/api/admin/learning/activities/70' && c.init?.method === 'PUT'),
      ).toHaveLength(1),
    );
    const body = JSON.parse(
      String(calls.find((c) => c.url === '/api/admin/learning/activities/70')!.init!.body),
    ) as { settings: unknown };
    expect(body.settings).toEqual({
      ...saved,
      items: [saved.items[0], { id: 'i2', face: { text: 'Esmalte sintético' }, side: 'right' }],
    });
  });

  it('puts the API’s refusal of a field on that field', async () => {
    const { calls } = api(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid',
            details: [{ path: 'settings.cards.0.back', code: 'GAME_EMPTY_FACE', issue: 'custom' }],
          },
        },
        400,
      ),
    );
    await startGame('Cartões de memorização', 'Cartões');
    type('Frente do cartão 1', 'Tinta acrílica');
    type('Verso do cartão 1', 'Base água');
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    const back = screen.getByRole('textbox', { name: 'Verso do cartão 1' });
    await waitFor(() => expect(back.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Cada cartão ou item precisa de um texto ou uma imagem.')).toBeTruthy();
    // The next edit clears it.
    type('Verso do cartão 1', 'Base de água');
    await waitFor(() => expect(back.getAttribute('aria-invalid')).not.toBe('true'));
  });
});
