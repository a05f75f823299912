import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuditSale, AuditSaleSummary } from '@trilha/contracts/sales';
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

function renderPage() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '*', element: <SalesAuditPage /> }], { initialEntries: ['/'] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const summary = (id: number, over: Partial<AuditSaleSummary> = {}): AuditSaleSummary => ({
  id,
  campaignId: 1,
  campaignName: 'Campanha de verão',
  storeId: 2,
  storeName: 'Loja Centro',
  retailerId: 3,
  retailerName: 'Rede Sul',
  userId: 9,
  userName: 'Ana Souza',
  userEmail: 'ana@example.com',
  saleDate: '2026-11-20',
  invoiceNumber: `NF-${id}`,
  status: 'pending',
  basePoints: 550,
  units: 4,
  hasPhoto: true,
  createdAt: '2026-11-21T12:00:00.000Z',
  decidedAt: null,
  flags: [],
  ...over,
});

const detail = (over: Partial<AuditSale> = {}): AuditSale => ({
  ...summary(1, { flags: ['same_image'] }),
  observation: '',
  rejectionReason: null,
  creditedPoints: null,
  creditedXp: null,
  multiplier: null,
  photoWidth: 800,
  photoHeight: 600,
  lines: [
    { productId: 5, sku: 'NB-100', name: 'Notebook Aurora 14', quantity: 3, points: 100, subtotal: 300 },
    { productId: 6, sku: 'NB-250', name: 'Notebook Nimbus 16', quantity: 1, points: 250, subtotal: 250 },
  ],
  signals: {
    sameImage: [
      {
        id: 7,
        invoiceNumber: 'NF-7',
        campaignName: 'Campanha de verão',
        storeName: 'Loja Norte',
        userName: 'Bruno Lima',
        status: 'approved',
        distance: null,
      },
    ],
    similarImage: [],
    invoiceElsewhere: [],
    unusualQuantity: { units: 4, otherSales: 0, average: null, threshold: 20, unusual: false },
  },
  decisions: [],
  ...over,
});

const options = (url: string) =>
  url === '/api/admin/sales/filters'
    ? json({
        campaigns: [{ id: 1, name: 'Campanha de verão' }],
        retailers: [{ id: 3, name: 'Rede Sul' }],
        stores: [{ id: 2, name: 'Loja Centro', retailerId: 3 }],
      })
    : undefined;
const queue = (url: string) =>
  url.startsWith('/api/admin/sales?')
    ? json({
        items: [
          summary(1, { flags: ['same_image', 'unusual_quantity'] }),
          summary(2),
          summary(3, { status: 'approved' }),
        ],
        total: 3,
        page: 1,
        pageSize: 20,
      })
    : undefined;

describe('the sales audit queue', () => {
  it('lists pending sales first with their signals as readable badges, and filters by status and flags', async () => {
    const { calls } = mockApi(options, queue);
    renderPage();
    const rows = await screen.findAllByTestId('audit-sale');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Mesma imagem já enviada')).toBeTruthy();
    expect(within(rows[0]!).getByText('Quantidade fora do comum')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('flag-same_image')).toBeNull();
    // Only pending sales can be chosen.
    expect(within(rows[2]!).queryByRole('checkbox')).toBeNull();
    expect(calls.some((c) => c.url.includes('status=pending'))).toBe(true);
    expect(screen.getByTestId('audit-count').textContent).toBe('3 vendas');
    fireEvent.click(screen.getAllByLabelText('Sinais').find((e) => e.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Imagem muito parecida' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('flags=similar_image'))).toBe(true));
  });

  it('shows a sale’s photo frame beside its lines and signals, and approves it', async () => {
    let approved = false;
    const { calls } = mockApi(options, queue, (url, init) => {
      if (url === '/api/admin/sales/1') return json(detail());
      if (url === '/api/admin/sales/1/photo') return new Response(new Blob(['x'], { type: 'image/webp' }));
      if (url === '/api/admin/sales/1/approve' && init?.method === 'POST') {
        approved = true;
        return json(
          detail({
            status: 'approved',
            creditedPoints: 825,
            creditedXp: 550,
            multiplier: 1.5,
            decisions: [
              {
                id: 1,
                decision: 'approved',
                fromStatus: 'pending',
                reason: null,
                points: 825,
                xp: 550,
                pointsShortfall: 0,
                xpShortfall: 0,
                actorName: 'Isabela Nunes',
                createdAt: '2026-11-22T12:00:00.000Z',
              },
            ],
          }),
        );
      }
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir a venda da nota NF-1' }));
    const lines = await screen.findByTestId('sale-lines');
    expect(within(lines).getByText('Notebook Aurora 14')).toBeTruthy();
    expect(screen.getByText('Pontos-base: 550')).toBeTruthy();
    expect(within(screen.getByTestId('signals')).getByText(/Nota NF-7 · Bruno Lima/)).toBeTruthy();
    // The zoom steps through 100 % to 400 % and back.
    expect(screen.getByTestId('zoom-level').textContent).toBe('Zoom 100%');
    fireEvent.click(screen.getByRole('button', { name: 'Aproximar' }));
    expect(screen.getByTestId('zoom-level').textContent).toBe('Zoom 150%');
    fireEvent.keyDown(screen.getByTestId('photo-frame'), { key: '+' });
    expect(screen.getByTestId('zoom-level').textContent).toBe('Zoom 200%');
    fireEvent.keyDown(screen.getByTestId('photo-frame'), { key: '0' });
    expect(screen.getByTestId('zoom-level').textContent).toBe('Zoom 100%');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/sales/1/photo')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(approved).toBe(true));
    expect((await screen.findByTestId('credited')).textContent).toBe('Creditado: 825 pontos (×1,5) e 550 XP');
    expect(screen.getByTestId('decision').textContent).toContain(
      'Isabela Nunes aprovou: +825 pontos, +550 XP',
    );
  });

  it('asks for a reason before rejecting', async () => {
    const sent: unknown[] = [];
    mockApi(options, queue, (url, init) => {
      if (url === '/api/admin/sales/1') return json(detail());
      if (url === '/api/admin/sales/1/photo') return new Response(new Blob(['x']));
      if (url === '/api/admin/sales/1/reject' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(detail({ status: 'rejected', rejectionReason: 'Nota ilegível' }));
      }
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir a venda da nota NF-1' }));
    await screen.findByTestId('sale-lines');
    fireEvent.click(screen.getByRole('button', { name: 'Reprovar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reprovar' }));
    expect(await screen.findByText('Informe o motivo.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Motivo/ }), { target: { value: 'Nota ilegível' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Nota ilegível' }]));
    expect(await screen.findByText('Motivo da reprovação: Nota ilegível')).toBeTruthy();
  });

  it('approves the chosen sales in bulk and shows each one’s result', async () => {
    const bodies: unknown[] = [];
    mockApi(options, queue, (url, init) => {
      if (url !== '/api/admin/sales/bulk' || init?.method !== 'POST') return undefined;
      bodies.push(JSON.parse(String(init.body)));
      return json({
        results: [
          { id: 1, ok: true, status: 'approved', code: null },
          { id: 2, ok: false, status: null, code: 'SALES_ALREADY_REJECTED' },
        ],
      });
    });
    renderPage();
    await screen.findAllByTestId('audit-sale');
    const approve = () => screen.getByRole('button', { name: /Aprovar selecionadas/ });
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar as pendentes desta página' }));
    expect(approve().textContent).toContain('(2)');
    fireEvent.click(approve());
    const outcome = await screen.findByTestId('bulk-outcome');
    expect(bodies).toEqual([{ action: 'approve', ids: [1, 2] }]);
    expect(
      within(outcome)
        .getAllByTestId('bulk-line')
        .map((l) => l.textContent),
    ).toEqual([
      'Nota NF-1: Aprovada',
      'Nota NF-2: não decidida — Esta venda já foi reprovada; a decisão não pode ser mudada.',
    ]);
  });

  it('says when no sale matches the filters', async () => {
    mockApi(options, (url) =>
      url.startsWith('/api/admin/sales?') ? json({ items: [], total: 0, page: 1, pageSize: 20 }) : undefined,
    );
    renderPage();
    expect(await screen.findByText('Nenhuma venda com esses filtros.')).toBeTruthy();
  });
});
