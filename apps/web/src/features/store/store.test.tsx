import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ProfileResponse } from '@trilha/contracts/profile';
import type { StoreItemDetail } from '@trilha/contracts/store';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import ItemDetailsPage from './pages/item-details-page';
import StorePage from './pages/store-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

function renderAt(path: string) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter(
    [
      { path: '/reward-store', element: <StorePage /> },
      { path: '/reward-store/details/:id', element: <ItemDetailsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const summary = { points: 1300, held: 100, available: 1200, xp: 0, expiring: [], lastEntryAt: null };
const item = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  departmentId: 1,
  categoryId: 10,
  title: `Prêmio ${id}`,
  imageUrl: null,
  price: 500,
  kind: 'physical',
  stock: 20,
  affordable: true,
  ...over,
});
const catalog = {
  departments: [
    { id: 1, name: 'Eletrônicos' },
    { id: 2, name: 'Experiências' },
  ],
  categories: [
    { id: 10, name: 'Fones', maxPerUser: 2, periodDays: 30 },
    { id: 11, name: 'Vales', maxPerUser: null, periodDays: null },
  ],
};

const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'))!;

const itemCalls = (calls: { url: string }[]) =>
  calls
    .filter((c) => c.url.startsWith('/api/store/items?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

describe('the store page', () => {
  it('shows my available points and the items with their stock badges, and filters through the API', async () => {
    const { calls } = mockApi((url) => {
      if (url === '/api/rewards/summary') return json(summary);
      if (url === '/api/store/catalog') return json(catalog);
      if (url.startsWith('/api/store/items?')) {
        const params = new URL(url, 'http://x').searchParams;
        if (params.get('q') === 'nada')
          return json({ items: [], total: 0, page: 1, pageSize: 12, available: 1200 });
        return json({
          items: [
            item(1, { title: 'Fone sem fio', stock: 3 }),
            item(2, { title: 'Mochila', stock: 0 }),
            item(3, { title: 'Vale cinema', kind: 'digital', price: 5000, affordable: false }),
          ],
          total: 3,
          page: 1,
          pageSize: 12,
          available: 1200,
        });
      }
      return undefined;
    });
    renderAt('/reward-store');
    expect(await screen.findByText('Fone sem fio')).toBeTruthy();
    expect(screen.getByTestId('store-available').textContent).toBe('1.200');
    expect(await screen.findByText('100 reservados em pedidos aguardando aprovação')).toBeTruthy();
    const cards = screen.getAllByTestId('store-item');
    expect(within(cards[0]!).getByText('Restam 3')).toBeTruthy();
    expect(within(cards[0]!).getByText('500 pontos')).toBeTruthy();
    expect(within(cards[1]!).getByText('Esgotado')).toBeTruthy();
    expect(within(cards[2]!).getByText('Pontos insuficientes')).toBeTruthy();
    expect(within(cards[2]!).getByText('Vale digital')).toBeTruthy();
    expect(cards[0]!.getAttribute('href')).toBe('/reward-store/details/1');
    expect(screen.getByTestId('store-total').textContent).toBe('3 prêmios');

    // Department, affordable, sort and price go to the API as its query.
    fireEvent.click(await screen.findByRole('radio', { name: 'Experiências' }));
    await waitFor(() => expect(itemCalls(calls).at(-1)?.get('departmentId')).toBe('2'));
    fireEvent.click(screen.getByRole('switch', { name: 'Só o que meus pontos pagam' }));
    await waitFor(() => expect(itemCalls(calls).at(-1)?.get('affordable')).toBe('true'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Preço máximo' }), { target: { value: '800' } });
    await waitFor(() => expect(itemCalls(calls).at(-1)?.get('priceMax')).toBe('800'));
    fireEvent.click(selectInput('Ordenar por'));
    fireEvent.click(await screen.findByRole('option', { name: 'Menor preço' }));
    await waitFor(() => expect(itemCalls(calls).at(-1)?.get('sort')).toBe('price_asc'));
    fireEvent.click(selectInput('Categoria'));
    fireEvent.click(await screen.findByRole('option', { name: 'Vales' }));
    await waitFor(() => expect(itemCalls(calls).at(-1)?.get('categoryId')).toBe('11'));
    const last = itemCalls(calls).at(-1)!;
    expect([last.get('departmentId'), last.get('affordable'), last.get('priceMax')]).toEqual([
      '2',
      'true',
      '800',
    ]);

    // The search waits for a pause; nothing found with filters says so.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'nada' } });
    expect(await screen.findByText('Nenhum prêmio com esses filtros. Tente outros.')).toBeTruthy();
    expect(itemCalls(calls).at(-1)?.get('q')).toBe('nada');
  });

  it('says when the store cannot be loaded, in my language, and tries again', async () => {
    let fail = true;
    mockApi((url) => {
      if (url === '/api/rewards/summary') return json(summary);
      if (url === '/api/store/catalog') return json(catalog);
      if (url.startsWith('/api/store/items?'))
        return fail
          ? json({ error: { code: 'FORBIDDEN', message: 'x' } }, 403)
          : json({ items: [], total: 0, page: 1, pageSize: 12, available: 0 });
      return undefined;
    });
    renderAt('/reward-store');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('FORBIDDEN');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('A loja ainda não tem prêmios.')).toBeTruthy();
  });
});

const detail = (
  over: Partial<StoreItemDetail['item']> = {},
  missing: Partial<StoreItemDetail['missing']> = {},
) => {
  const m = {
    points: 0,
    courseIds: [],
    level: null,
    outOfStock: false,
    categoryLimitReached: false,
    notAvailableNow: false,
    ...missing,
  };
  return {
    item: {
      ...item(5, { title: 'Camiseta do time', price: 400, stock: 7 }),
      description: 'Algodão, estampa do programa.',
      variants: [],
      availableFrom: null,
      availableUntil: null,
      requiredCourseIds: [],
      gallery: [],
      minLevel: null,
      ...over,
    },
    missing: m,
    canRedeem:
      m.points === 0 &&
      m.courseIds.length === 0 &&
      m.level === null &&
      !m.outOfStock &&
      !m.categoryLimitReached &&
      !m.notAvailableNow,
  } as StoreItemDetail;
};

function profile(): ProfileResponse {
  return {
    id: 7,
    username: 'maria',
    document: null,
    documentCountry: null,
    avatarUrl: null,
    fullName: 'Maria Silva',
    personal: {
      firstName: 'Maria',
      lastName: 'Silva',
      nickname: '',
      storeNickname: '',
      birthday: '',
      gender: '',
      maritalStatus: '',
      childrenCount: null,
      hasDisability: false,
      disabilityDescription: '',
    },
    contact: {
      email: 'maria@example.com',
      emailConfirmation: 'maria@example.com',
      cellPhone: '',
      commercialPhone: '',
      residentialPhone: '',
      communicationPhone: '',
      whatsappPhone: '',
      zipCode: '01310-100',
      street: 'Av. Paulista',
      number: '1000',
      complement: '',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      country: 'BRA',
    },
    professional: {
      profession: '',
      gminNumber: '',
      cadvCode: '',
      code: '',
      company: null,
      store: null,
      brand: null,
      branch: null,
      retailer: null,
    },
    preferences: { timeZone: 'America/Sao_Paulo', languageCode: 'pt-BR', emailOptIn: true },
    phoneVerified: true,
    phoneCooldown: { startedAt: null, durationSeconds: 300 },
    passwordStrength: 'medium',
    deletionRequested: false,
  } as ProfileResponse;
}

describe('the details page', () => {
  it('lists what is missing to redeem: points, a course, the category maximum; the button stays off', async () => {
    mockApi((url) => {
      if (url === '/api/rewards/summary') return json(summary);
      if (url === '/api/store/items/5')
        return json(detail({ stock: 2 }, { points: 1500, courseIds: [42], categoryLimitReached: true }));
      return undefined;
    });
    renderAt('/reward-store/details/5');
    const needs = await screen.findByTestId('requirements');
    expect(within(needs).getByText('Juntar mais 1.500 pontos.')).toBeTruthy();
    expect(within(needs).getByRole('link', { name: 'Ver o curso' }).getAttribute('href')).toBe(
      '/online-courses/42',
    );
    expect(
      within(needs).getByText('Você já chegou ao limite de resgates desta categoria no período.'),
    ).toBeTruthy();
    expect(screen.getByText('Restam 2')).toBeTruthy();
    expect(screen.getByText('Algodão, estampa do programa.')).toBeTruthy();
    expect((screen.getByTestId('redeem-open') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the gallery in order and names the level to reach', async () => {
    mockApi((url) => {
      if (url === '/api/rewards/summary') return json(summary);
      if (url === '/api/store/items/5')
        return json(
          detail(
            { imageUrl: '/cover.webp', gallery: ['/two.webp', '/three.webp'] },
            { level: { id: 3, name: 'Influencer', position: 3 } },
          ),
        );
      return undefined;
    });
    renderAt('/reward-store/details/5');
    const gallery = await screen.findByTestId('item-gallery');
    const thumbs = within(gallery).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(gallery).getByRole('button', { name: 'Mostrar a foto 3 de 3' }));
    expect(screen.getByRole('img', { name: 'Foto 3 de 3 de Camiseta do time' }).getAttribute('src')).toBe(
      '/three.webp',
    );
    fireEvent.keyDown(thumbs[2]!, { key: 'ArrowRight' });
    expect(screen.getByRole('img', { name: 'Foto 1 de 3 de Camiseta do time' }).getAttribute('src')).toBe(
      '/cover.webp',
    );
    const needs = screen.getByTestId('requirements');
    expect(within(needs).getByText('Alcançar o nível Influencer no programa.')).toBeTruthy();
    expect((screen.getByTestId('redeem-open') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for an option when the item has sizes, and shows each one’s stock', async () => {
    mockApi((url) => {
      if (url === '/api/rewards/summary') return json(summary);
      if (url === '/api/store/items/5')
        return json(
          detail({
            stock: 3,
            variants: [
              { id: 51, label: 'P', stock: 0 },
              { id: 52, label: 'M', stock: 3 },
            ],
          }),
        );
      return undefined;
    });
    renderAt('/reward-store/details/5');
    expect(await screen.findByText('Escolha uma opção para resgatar.')).toBeTruthy();
    expect((screen.getByTestId('redeem-open') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'P (esgotado)' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'M (restam 3)' }));
    await waitFor(() =>
      expect((screen.getByTestId('redeem-open') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.getByTestId('can-redeem').textContent).toContain('Você pode resgatar este prêmio.');
  });
});

const redeemCalls = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((c) => c.url === '/api/store/items/5/redeem');
const keyOf = (call: { init?: RequestInit }) => new Headers(call.init?.headers).get('Idempotency-Key');

describe('the redeem dialog', () => {
  it('prefills the profile’s address, orders once on a double tap, and celebrates', async () => {
    const { calls } = mockApi((url, init) => {
      if (url === '/api/rewards/summary') return json(summary);
      if (url === '/api/profile') return json(profile());
      if (url === '/api/store/items/5') return json(detail());
      if (url === '/api/store/items/5/redeem' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { address: { street: string } };
        return json(
          {
            order: {
              id: 900,
              userId: 7,
              itemId: 5,
              variantId: null,
              itemTitle: 'Camiseta do time',
              kind: 'physical',
              quantity: 1,
              price: 400,
              status: 'awaiting_approval',
              address: { ...body.address },
              carrier: null,
              trackingCode: null,
              reason: null,
              voucherCode: null,
              createdAt: new Date().toISOString(),
              approvedAt: null,
              shippedAt: null,
              deliveredAt: null,
              reprovedAt: null,
            },
          },
          201,
        );
      }
      return undefined;
    });
    renderAt('/reward-store/details/5');
    fireEvent.click(await screen.findByTestId('redeem-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar resgate' });
    const street = await within(dialog).findByRole('textbox', { name: /Endereço/ });
    expect((street as HTMLInputElement).value).toBe('Av. Paulista');
    expect(within(dialog).getByTestId('redeem-after').textContent).toBe(
      'Seus pontos disponíveis: 1.200 → 800',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Complemento' }), {
      target: { value: 'Sala 12' },
    });
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar resgate' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByTestId('redeem-success')).toBeTruthy();
    expect(screen.getByText('Resgate feito!')).toBeTruthy();
    const sent = redeemCalls(calls);
    expect(sent).toHaveLength(1);
    expect(keyOf(sent[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(sent[0]!.init?.body))).toEqual({
      variantId: null,
      quantity: 1,
      address: {
        zip: '01310-100',
        street: 'Av. Paulista',
        number: '1000',
        complement: 'Sala 12',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        country: 'BRA',
      },
    });
  });

  it.each([
    ['STORE_INSUFFICIENT_POINTS', 422, 'Você não tem pontos suficientes'],
    ['STORE_OUT_OF_STOCK', 409, 'sem estoque'],
    ['STORE_CATEGORY_LIMIT_REACHED', 422, 'categoria'],
    ['INTERNAL', 500, 'tente novamente'],
  ])('tells %s in my language, and the next try is a new confirmation', async (code, status, words) => {
    const { calls } = mockApi((url, init) => {
      if (url === '/api/rewards/summary') return json(summary);
      if (url === '/api/profile') return json(profile());
      if (url === '/api/store/items/5') return json(detail({ kind: 'digital' }));
      if (url === '/api/store/items/5/redeem' && init?.method === 'POST')
        return json({ error: { code, message: 'raw' } }, status);
      return undefined;
    });
    renderAt('/reward-store/details/5');
    fireEvent.click(await screen.findByTestId('redeem-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar resgate' });
    // A digital item asks for no address.
    expect(within(dialog).queryByRole('textbox', { name: /Endereço/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar resgate' }));
    const error = await within(dialog).findByTestId('redeem-error');
    expect(error.textContent?.toLowerCase()).toContain(words.toLowerCase());
    expect(error.textContent).not.toContain(code);
    await waitFor(() => expect(redeemCalls(calls).length).toBeGreaterThan(0));
    const first = redeemCalls(calls).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar resgate' }));
    await waitFor(() => expect(redeemCalls(calls).length).toBeGreaterThan(first));
    const keys = redeemCalls(calls).map(keyOf);
    // A refusal (4xx) ends the confirmation: a new key. A lost or failed answer (5xx) keeps it.
    if (status < 500) expect(keys.at(-1)).not.toBe(keys[0]);
    else expect(keys.at(-1)).toBe(keys[0]);
  });

  it('asks for the address fields a physical item needs before sending', async () => {
    const { calls } = mockApi((url) => {
      if (url === '/api/rewards/summary') return json(summary);
      if (url === '/api/profile') {
        const p = profile();
        return json({ ...p, contact: { ...p.contact, street: '', city: '' } });
      }
      if (url === '/api/store/items/5') return json(detail());
      return undefined;
    });
    renderAt('/reward-store/details/5');
    fireEvent.click(await screen.findByTestId('redeem-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar resgate' });
    await within(dialog).findByRole('textbox', { name: /CEP/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar resgate' }));
    expect(await within(dialog).findAllByText('Preencha este campo.')).toHaveLength(2);
    expect(redeemCalls(calls)).toHaveLength(0);
  });
});
