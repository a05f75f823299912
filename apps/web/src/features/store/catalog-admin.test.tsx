import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminItem } from '@trilha/contracts/store';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import AdminCatalogPage from './pages/admin-catalog-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

function renderPage() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '*', element: <AdminCatalogPage /> }], {
    initialEntries: ['/'],
  });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const names = (pt: string) => ({ 'pt-BR': pt, 'en-US': '', es: '', fr: '' });
const item = (id: number, over: Partial<AdminItem> = {}): AdminItem => ({
  id,
  departmentId: 1,
  categoryId: 2,
  title: names(`Prêmio ${id}`),
  description: { 'pt-BR': 'Descrição' },
  imageUrl: null,
  gallery: [],
  price: 300,
  stock: 8,
  kind: 'physical',
  variants: [],
  availableFrom: null,
  availableUntil: null,
  requiredCourseIds: [],
  minLevelId: null,
  audience: { areaIds: [], countryIds: [], roles: [] },
  active: true,
  redeemed: 0,
  lowStockThreshold: 5,
  vouchers: { available: 0, handedOut: 0 },
  ...over,
});

const lists = (items: AdminItem[]) => (url: string, init?: RequestInit) => {
  if (init?.method && init.method !== 'GET') return undefined;
  if (url === '/api/admin/store/departments')
    return json({ items: [{ id: 1, name: names('Tecnologia'), position: 0 }] });
  if (url === '/api/admin/store/categories')
    return json({ items: [{ id: 2, name: names('Áudio'), maxPerUser: 2, periodDays: 30 }] });
  if (url === '/api/admin/store/options')
    return json({
      levels: [
        { id: 31, name: 'Basic', position: 1 },
        { id: 32, name: 'Creator', position: 2 },
      ],
      areas: [{ id: 41, name: 'Norte' }],
    });
  if (url.startsWith('/api/admin/store/items?'))
    return json({ items, total: items.length, page: 1, pageSize: 20 });
  return undefined;
};

describe('the store catalog in the back office', () => {
  it('edits an item’s threshold and keeps its sizes, and checks a new item before sending', async () => {
    const shirt = item(1, {
      title: names('Camiseta'),
      variants: [{ id: 11, label: names('M'), stock: 4 }],
    });
    const { calls } = mockApi(lists([shirt]), (url, init) =>
      url === '/api/admin/store/items/1' && init?.method === 'PUT'
        ? json({ item: { ...shirt, lowStockThreshold: 2 } })
        : undefined,
    );
    renderPage();
    const row = await screen.findByTestId('catalog-item');
    expect(within(row).getByText(/estoque 4 · limite 5/)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar prêmio' });
    // An item with sizes keeps each size's stock: no stock field of its own.
    expect(within(dialog).queryByRole('textbox', { name: /^Estoque/ })).toBeNull();
    const threshold = within(dialog).getByRole('textbox', { name: /Limite de estoque baixo/ });
    fireEvent.change(threshold, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.init?.method === 'PUT')!.init?.body));
    expect(body).toMatchObject({
      departmentId: 1,
      categoryId: 2,
      kind: 'physical',
      price: 300,
      lowStockThreshold: 2,
      variants: [{ id: 11, label: names('M'), stock: 4 }],
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Novo prêmio' }));
    const fresh = await screen.findByRole('dialog', { name: 'Novo prêmio' });
    fireEvent.click(within(fresh).getByRole('button', { name: 'Salvar' }));
    expect((await within(fresh).findAllByText('Preencha este campo.')).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
  });

  it('adds a digital item’s codes, each once, and shows only counts', async () => {
    const voucher = item(3, {
      title: names('Vale cinema'),
      kind: 'digital',
      stock: 2,
      vouchers: { available: 2, handedOut: 5 },
    });
    const { calls } = mockApi(lists([voucher]), (url, init) =>
      url === '/api/admin/store/items/3/vouchers' && init?.method === 'POST'
        ? json({ itemId: 3, added: 2, available: 4, handedOut: 5 })
        : undefined,
    );
    renderPage();
    fireEvent.click(
      within(await screen.findByTestId('catalog-item')).getByRole('button', { name: 'Editar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar prêmio' });
    expect(within(dialog).getByTestId('voucher-counts').textContent).toBe(
      'Códigos disponíveis: 2 · entregues: 5',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Novos códigos/ }), {
      target: { value: 'CINE-1\n\nCINE-2\nCINE-1\n' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar 2 códigos' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('voucher-counts').textContent).toBe(
        'Códigos disponíveis: 4 · entregues: 5',
      ),
    );
    const sent = calls.find((c) => c.url === '/api/admin/store/items/3/vouchers')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ codes: ['CINE-1', 'CINE-2'] });
  });

  it('edits the gallery’s order, the level needed and the audience', async () => {
    const mug = item(4, { title: names('Caneca'), imageUrl: '/cover.webp', gallery: ['/a.webp', '/b.webp'] });
    const { calls } = mockApi(lists([mug]), (url, init) =>
      url === '/api/admin/store/items/4' && init?.method === 'PUT' ? json({ item: mug }) : undefined,
    );
    renderPage();
    fireEvent.click(
      within(await screen.findByTestId('catalog-item')).getByRole('button', { name: 'Editar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar prêmio' });
    expect(within(dialog).getAllByTestId('gallery-photo')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subir a foto 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar foto' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Endereço da foto 3' }), {
      target: { value: ' /c.webp ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar foto' }));
    // The level, from the loyalty program's levels.
    const input = (label: string) =>
      within(dialog)
        .getAllByLabelText(label)
        .find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden') as HTMLInputElement;
    await waitFor(() => expect(input('Nível mínimo no programa').disabled).toBe(false));
    fireEvent.click(input('Nível mínimo no programa'));
    fireEvent.click(await screen.findByRole('option', { name: 'Creator' }));
    fireEvent.click(input('Áreas'));
    fireEvent.click(await screen.findByRole('option', { name: 'Norte' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.init?.method === 'PUT')!.init?.body));
    expect(body).toMatchObject({
      imageUrl: '/cover.webp',
      // Moved up, a new one trimmed, the empty one left out.
      gallery: ['/b.webp', '/a.webp', '/c.webp'],
      minLevelId: 32,
      audience: { areaIds: [41], countryIds: [], roles: [] },
    });
  });

  it('creates a department and says why one in use is not deleted', async () => {
    const { calls } = mockApi(lists([]), (url, init) => {
      if (url === '/api/admin/store/departments' && init?.method === 'POST')
        return json({ id: 5, name: names('Casa'), position: 0 });
      if (url === '/api/admin/store/departments/1' && init?.method === 'DELETE')
        return json({ error: { code: 'STORE_IN_USE', message: 'x' } }, 409);
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Departamentos' }));
    const row = await screen.findByTestId('catalog-departments');
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    expect(
      await screen.findByText('Não é possível excluir: há prêmios ligados a este cadastro.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Novo departamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo departamento' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome \(pt-BR\)/ }), {
      target: { value: 'Casa' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome \(es\)/ }), {
      target: { value: 'Hogar' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/admin/store/departments' && c.init?.method === 'POST')).toBe(
        true,
      ),
    );
    const sent = calls.find((c) => c.url === '/api/admin/store/departments' && c.init?.method === 'POST')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({
      name: { 'pt-BR': 'Casa', 'en-US': '', es: 'Hogar', fr: '' },
      position: 0,
    });
  });
});
