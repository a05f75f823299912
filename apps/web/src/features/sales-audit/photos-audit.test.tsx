import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuditPhoto } from '@trilha/contracts/photos';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import SalesAuditPage from './pages/sales-audit-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(path = '/admin/audit?tab=photos') {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '*', element: <SalesAuditPage /> }], { initialEntries: [path] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const photo = (id: number, over: Partial<AuditPhoto> = {}): AuditPhoto => ({
  id,
  campaignId: 1,
  storeId: 2,
  storeName: 'Loja Centro',
  photoTypeId: 3,
  photoTypeName: 'Vitrine',
  weekStart: '2026-11-23',
  weekEnd: '2026-11-29',
  status: 'pending',
  rejectionReason: null,
  points: 150,
  imageSha256: 'a'.repeat(64),
  createdAt: '2026-11-24T12:00:00.000Z',
  decidedAt: null,
  userId: 9,
  userName: 'Ana Souza',
  sameImage: 0,
  ...over,
});

const queue = (url: string) =>
  url.startsWith('/api/admin/photos?')
    ? json({
        items: [photo(1, { sameImage: 2 }), photo(2, { storeName: 'Loja Norte', photoTypeName: 'Gôndola' })],
        total: 2,
        page: 1,
        pageSize: 20,
      })
    : undefined;
const image = (url: string) =>
  /^\/api\/admin\/photos\/\d+\/image$/.test(url)
    ? new Response(new Blob(['x'], { type: 'image/webp' }))
    : undefined;

describe('the store photos of the audit page', () => {
  it('lists the pending photos with the same-image signal as a readable badge, and filters by status', async () => {
    const { calls } = mockApi(queue, image);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Auditoria de vendas e fotos' }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Fotos' }).getAttribute('aria-selected')).toBe('true');
    const rows = await screen.findAllByTestId('audit-photo');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('photo-same-image').textContent).toBe(
      'Mesma imagem em 2 outras fotos',
    );
    expect(within(rows[1]!).queryByTestId('photo-same-image')).toBeNull();
    expect(within(rows[0]!).getByText('Ana Souza · semana de 23/11/2026 a 29/11/2026')).toBeTruthy();
    expect(screen.getByTestId('photo-count').textContent).toBe('2 fotos');
    expect(calls.some((c) => c.url === '/api/admin/photos?status=pending&page=1&pageSize=20')).toBe(true);
    // The sales' queue is not asked for while the photos' tab is shown.
    expect(calls.some((c) => c.url.startsWith('/api/admin/sales'))).toBe(false);
    fireEvent.click(screen.getAllByLabelText('Situação').find((e) => e.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Reprovada' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('status=rejected'))).toBe(true));
  });

  it('opens a photo in the zoomable frame and approves it with an Idempotency-Key', async () => {
    const sent: { url: string; key: string | null; body: unknown }[] = [];
    const { calls } = mockApi(queue, image, (url, init) => {
      if (init?.method !== 'POST') return undefined;
      sent.push({ url, key: new Headers(init.headers).get('Idempotency-Key'), body: init.body ?? null });
      return json(photo(1, { status: 'approved', sameImage: 2, decidedAt: '2026-11-25T12:00:00.000Z' }));
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir a foto Vitrine · Loja Centro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto Vitrine · Loja Centro' });
    expect(within(dialog).getByText(/idêntica, byte a byte, a 2 outras fotos/)).toBeTruthy();
    expect(within(dialog).getByTestId('zoom-level').textContent).toBe('Zoom 100%');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aproximar' }));
    expect(within(dialog).getByTestId('zoom-level').textContent).toBe('Zoom 150%');
    fireEvent.keyDown(within(dialog).getByTestId('photo-frame'), { key: '0' });
    expect(within(dialog).getByTestId('zoom-level').textContent).toBe('Zoom 100%');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/photos/1/image')).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/admin/photos/1/approve');
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toBeNull();
    expect(await screen.findByText('Foto Vitrine da loja Loja Centro aprovada.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a reason before rejecting, and shows the refusal of the server translated', async () => {
    const bodies: unknown[] = [];
    mockApi(queue, image, (url, init) => {
      if (url !== '/api/admin/photos/1/reject' || init?.method !== 'POST') return undefined;
      bodies.push(JSON.parse(String(init.body)));
      return json({ error: { code: 'PHOTOS_ALREADY_REJECTED', message: 'Already rejected' } }, 409);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir a foto Vitrine · Loja Centro' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    expect(await within(dialog).findByText('Informe o motivo.')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Foto sem a vitrine' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'Foto sem a vitrine' }]));
    expect((await within(dialog).findByTestId('photo-refusal')).textContent).toBe(
      'Esta foto já foi reprovada.',
    );
  });

  it('says when no photo matches, and the sales tab is the default', async () => {
    mockApi((url) =>
      url.startsWith('/api/admin/photos?')
        ? json({ items: [], total: 0, page: 1, pageSize: 20 })
        : url.startsWith('/api/admin/sales')
          ? json(
              url.includes('filters')
                ? { campaigns: [], retailers: [], stores: [] }
                : { items: [], total: 0, page: 1, pageSize: 20 },
            )
          : undefined,
    );
    const router = renderPage('/admin/audit');
    expect(await screen.findByText('Nenhuma venda com esses filtros.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Fotos' }));
    expect(await screen.findByText('Nenhuma foto com esse filtro.')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=photos');
  });
});
