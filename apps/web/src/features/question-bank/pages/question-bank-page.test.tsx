import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useCommonStore } from '../../../lib/session-store';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';

function signIn() {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: session({
      canAccessBackOffice: true,
      clients: [client({ name: 'Aurora Varejo', roles: ['manager'] })],
    }),
  });
}

const categories = {
  categories: [
    { id: 3, name: 'Vendas', questions: 4 },
    { id: 5, name: 'Segurança', questions: 0 },
  ],
};

const question = {
  id: 11,
  kind: 'true_false',
  answer: true,
  feedbackTrue: '',
  feedbackFalse: '',
  categoryId: 3,
  categoryName: 'Vendas',
  title: '',
  stem: 'O cliente pode trocar o produto em até 30 dias.',
  generalFeedback: '',
  points: 2,
  tags: ['trocas'],
  media: null,
  translations: {},
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'))!;

async function choose(label: string, option: string) {
  fireEvent.click(selectInput(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function open(path: string) {
  signIn();
  const { router } = renderApp(path);
  await settledAt(router, path.split('?')[0]!);
  return router;
}

describe('the question bank', () => {
  beforeAll(() => {
    // jsdom has no FontFaceSet, and Mantine's autosizing text areas listen to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });

  it('lists the questions and asks again with each filter', async () => {
    const { calls } = mockApi((url) => {
      if (url === '/api/admin/question-bank/categories') return json(categories);
      if (url.startsWith('/api/admin/question-bank/questions'))
        return url.includes('tag=nada')
          ? json({ questions: [], total: 0, page: 1, pageSize: 20 })
          : json({ questions: [question], total: 1, page: 1, pageSize: 20 });
      return undefined;
    });
    await open('/admin/content/question-bank');
    const row = (await screen.findByText(question.stem)).closest('tr')!;
    expect(within(row).getByText('Verdadeiro ou falso')).toBeTruthy();
    expect(within(row).getByText('Vendas')).toBeTruthy();
    expect(within(row).getByText('trocas')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /^Pré-visualizar a questão/ }));
    const preview = await screen.findByTestId('question-preview');
    expect(within(preview).getByRole('radio', { name: 'Verdadeiro' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar a pré-visualização' }));
    await waitFor(() => expect(screen.queryByTestId('question-preview')).toBeNull());

    await choose('Tipo', 'Verdadeiro ou falso');
    await waitFor(() => expect(calls.some((c) => c.url.includes('kind=true_false'))).toBe(true));
    await choose('Categoria', 'Vendas');
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('kind=true_false') && c.url.includes('categoryId=3'))).toBe(
        true,
      ),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar no enunciado' }), {
      target: { value: 'troca' },
    });
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=troca'))).toBe(true));
    fireEvent.change(screen.getByRole('textbox', { name: 'Etiqueta' }), { target: { value: 'nada' } });
    expect(await screen.findByText('Nenhuma questão atende a esses filtros.')).toBeTruthy();
  });

  it('shows the list error with a way to try again', async () => {
    mockApi((url) => {
      if (url === '/api/admin/question-bank/categories') return json(categories);
      if (url.startsWith('/api/admin/question-bank/questions'))
        return json({ error: { code: 'INTERNAL', message: 'x' } }, 500);
      return undefined;
    });
    await open('/admin/content/question-bank');
    expect(await screen.findByRole('button', { name: /tentar/i })).toBeTruthy();
  });

  it('saves a single-choice question only with exactly one right option', async () => {
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/question-bank/categories') return json(categories);
      if (url === '/api/admin/question-bank/questions' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return json({ question: { ...question, ...body, kind: 'single_choice', id: 12 } }, 201);
      }
      if (url.startsWith('/api/admin/question-bank/questions'))
        return json({ questions: [], total: 0, page: 1, pageSize: 20 });
      return undefined;
    });
    await open('/admin/content/question-bank');
    fireEvent.click(await screen.findByRole('button', { name: 'Nova questão' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Enunciado\s*\*?$/ }), {
      target: { value: 'Qual é o prazo de troca?' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Texto da alternativa 1' }), {
      target: { value: '7 dias' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Texto da alternativa 2' }), {
      target: { value: '30 dias' },
    });
    const save = within(dialog).getByRole('button', { name: 'Salvar' });

    fireEvent.click(save);
    expect(await within(dialog).findByText('Marque exatamente uma alternativa correta.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'A alternativa 1 é a correta' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'A alternativa 2 é a correta' }));
    fireEvent.click(save);
    await waitFor(() =>
      expect(within(dialog).getByText('Marque exatamente uma alternativa correta.')).toBeTruthy(),
    );
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'A alternativa 1 é a correta' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    const preview = await screen.findByTestId('question-preview');
    expect(within(preview).getByText('Qual é o prazo de troca?')).toBeTruthy();
    const choices = within(preview).getAllByRole('radio');
    expect(choices.map((c) => (c as HTMLInputElement).checked)).toEqual([false, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar a pré-visualização' }));
    await waitFor(() => expect(screen.queryByTestId('question-preview')).toBeNull());

    fireEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      kind: 'single_choice',
      stem: 'Qual é o prazo de troca?',
      options: [
        { text: '7 dias', correct: false },
        { text: '30 dias', correct: true },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the API’s per-field error codes, translated, next to their fields', async () => {
    mockApi((url, init) => {
      if (url === '/api/admin/question-bank/categories') return json(categories);
      if (url === '/api/admin/question-bank/questions' && init?.method === 'POST')
        return json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              details: [{ path: 'items', code: 'ASSESSMENT_ITEMS_TOO_FEW' }],
            },
          },
          400,
        );
      if (url.startsWith('/api/admin/question-bank/questions'))
        return json({ questions: [], total: 0, page: 1, pageSize: 20 });
      return undefined;
    });
    await open('/admin/content/question-bank');
    fireEvent.click(await screen.findByRole('button', { name: 'Nova questão' }));
    const dialog = await screen.findByRole('dialog');
    await choose('Tipo de questão', 'Ordenação');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Enunciado\s*\*?$/ }), {
      target: { value: 'Ordene as etapas da venda.' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Item 1' }), {
      target: { value: 'Abordar' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Item 2' }), {
      target: { value: 'Fechar' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe pelo menos dois itens para ordenar.')).toBeTruthy();
  });

  it('reports the imported count and each refused question with its line and translated reason', async () => {
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/question-bank/categories') return json(categories);
      if (url === '/api/admin/question-bank/import' && init?.method === 'POST')
        return json({
          imported: 2,
          refused: [
            { line: 9, reason: 'ASSESSMENT_IMPORT_AIKEN_NO_ANSWER', excerpt: 'Qual é a capital do Brasil?' },
          ],
        });
      return undefined;
    });
    await open('/admin/content/question-bank?tab=transfer');
    const section = await screen.findByRole('region', { name: 'Importar questões' });
    fireEvent.click(within(section).getByRole('radio', { name: 'Aiken' }));
    fireEvent.change(within(section).getByRole('textbox', { name: 'Cole o texto das questões' }), {
      target: { value: 'Qual é a capital do Brasil?\nA. Rio\nB. Brasília' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Importar' }));
    const report = await screen.findByTestId('import-report');
    expect(report.textContent).toContain('2 questões importadas.');
    expect(report.textContent).toContain('1 ficou de fora:');
    const row = within(report).getByText('Falta a linha "ANSWER:" da questão.').closest('tr')!;
    expect(within(row).getByText('9')).toBeTruthy();
    expect(within(row).getByText('Qual é a capital do Brasil?')).toBeTruthy();
    const sent = calls.find((c) => c.url === '/api/admin/question-bank/import')!;
    expect(JSON.parse(String(sent.init!.body))).toMatchObject({ format: 'aiken', categoryId: null });
  });

  it('downloads the export and says how many questions the format left out', async () => {
    // jsdom has no object URLs and cannot follow a download: stand in for both.
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockApi((url) => {
      if (url === '/api/admin/question-bank/categories') return json(categories);
      if (url.startsWith('/api/admin/question-bank/export'))
        return new Response('::Q1:: 2+2? {=4 ~5}', {
          headers: { 'Content-Type': 'text/plain', 'X-Skipped-Questions': '2' },
        });
      return undefined;
    });
    await open('/admin/content/question-bank?tab=transfer');
    const section = await screen.findByRole('region', { name: 'Exportar questões' });
    fireEvent.click(within(section).getByRole('button', { name: 'Baixar arquivo' }));
    expect(
      await within(section).findByText(
        'Arquivo baixado. 2 questões ficaram de fora porque o formato não as comporta.',
      ),
    ).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
    expect(calls.some((c) => c.url === '/api/admin/question-bank/export?format=gift')).toBe(true);
  });

  it('shows why a category that still has questions cannot be deleted', async () => {
    mockApi((url, init) => {
      if (url === '/api/admin/question-bank/categories/3' && init?.method === 'DELETE')
        return json({ error: { code: 'ASSESSMENT_CATEGORY_NOT_EMPTY', message: 'not empty' } }, 409);
      if (url === '/api/admin/question-bank/categories') return json(categories);
      return undefined;
    });
    await open('/admin/content/question-bank?tab=categories');
    const row = (await screen.findByText('Vendas')).closest('tr')!;
    expect(within(row).getByText('4')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir a categoria Vendas' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(
      await within(dialog).findByText('A categoria ainda tem questões. Mova ou exclua as questões antes.'),
    ).toBeTruthy();
  });
});
