import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LearnerCampaign } from '@trilha/contracts/loyalty';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { ApiError } from '../../lib/api-client';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import { cascadeState, linePoints, saleErrorField } from './components/sale-form';
import InsertSalesPage from './pages/insert-sales-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

function renderIt(path = '/insert-sales') {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '*', element: <InsertSalesPage /> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const campaign = (over: Partial<LearnerCampaign> = {}): LearnerCampaign => ({
  id: 1,
  name: 'Campanha de verão',
  beginsAt: '2026-10-01T03:00:00.000Z',
  endsAt: '2026-12-31T03:00:00.000Z',
  status: 'active',
  countryGroup: 1,
  registration: {
    id: 90,
    campaignId: 1,
    storeId: 11,
    storeName: 'Casa Digital Paulista',
    status: 'active',
    registeredAt: '2026-11-20T13:00:00.000Z',
  },
  points: 0,
  xp: 0,
  ...over,
});

const store = (id: number, name: string, retailerId = 1, retailerName = 'Casa Digital') => ({
  id,
  code: `S${id}`,
  name,
  city: 'São Paulo',
  retailerId,
  retailerName,
  countryCode: 'BR',
  timeZone: 'America/Sao_Paulo',
  phonesAndCamerasAllowed: true,
});

const product = (productId: number, over: Record<string, unknown>) => ({
  productId,
  sku: `SKU-${productId}`,
  name: `Produto ${productId}`,
  brand: 'Nimbus',
  productType: 'Notebook',
  processor: 'Core',
  processorGeneration: '14ª',
  formFactor: 'Fino',
  points: 100,
  myPoints: 150,
  ...over,
});
const products = [
  product(1, { name: 'Nimbus Air 14', sku: 'NA-14', points: 15, myPoints: 22 }),
  product(2, { name: 'Nimbus Pro 16', sku: 'NP-16', formFactor: 'Gamer', points: 40, myPoints: 60 }),
  product(3, {
    name: 'Nimbus Tab',
    sku: 'NT-10',
    productType: 'Tablet',
    processor: 'Arm',
    points: 10,
    myPoints: 15,
  }),
];

const selectInput = (label: string | RegExp) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'))!;
async function choose(label: string, option: string) {
  fireEvent.click(selectInput(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function api(onReport: (init: RequestInit) => Response) {
  return mockApi((url, init) => {
    if (url === '/api/loyalty/campaigns') return json({ items: [campaign()] });
    if (url.startsWith('/api/loyalty/stores?'))
      return json({
        items: [store(11, 'Casa Digital Paulista'), store(12, 'Loja Centro', 2, 'MegaTech')],
        total: 2,
        page: 1,
        pageSize: 100,
      });
    if (url.startsWith('/api/loyalty/points-table?'))
      return json({
        items: products,
        total: 3,
        page: 1,
        pageSize: 100,
        level: { id: 2, name: 'Creator', position: 2, minXp: 1000, multiplier: 1.5 },
        multiplier: 1.5,
      });
    if (url === '/api/loyalty/sales' && init?.method === 'POST') return onReport(init);
    if (url.startsWith('/api/loyalty/sales?'))
      return json({ items: [], total: 0, page: 1, pageSize: 10, pendingPoints: 0 });
    return undefined;
  });
}

describe('insert-sales', () => {
  it('reports a sale with a photo and products from the cascade, points live, one key per confirmation', async () => {
    const sent: { key: string | null; sale: unknown; photo: File | null }[] = [];
    const calls = api((init) => {
      const form = init.body as FormData;
      sent.push({
        key: new Headers(init.headers).get('Idempotency-Key'),
        sale: JSON.parse(String(form.get('sale'))),
        photo: form.get('photo') as File | null,
      });
      if (sent.length === 1)
        return json(
          {
            error: {
              code: 'SALES_INVOICE_DUPLICATE',
              message: 'O número da nota já foi enviada pelo usuário anteriormente',
            },
          },
          409,
        );
      return json(
        {
          id: 7,
          campaignId: 1,
          storeId: 11,
          retailerId: 1,
          saleDate: '2026-11-20',
          invoiceNumber: 'NF-2',
          observation: '',
          status: 'pending',
          rejectionReason: null,
          basePoints: 70,
          hasPhoto: true,
          photoSha256: 'ab',
          createdAt: '2026-11-21T10:00:00.000Z',
          decidedAt: null,
          lines: [],
        },
        201,
      );
    });
    renderIt();
    expect(await screen.findByTestId('sale-campaign')).toHaveProperty('textContent', 'Campanha de verão');
    // My registration's store and its retailer come chosen.
    await waitFor(() =>
      expect(selectInput(/^Loja/)).toHaveProperty('value', 'Casa Digital Paulista · São Paulo'),
    );
    expect(selectInput('Rede varejista')).toHaveProperty('value', 'Casa Digital');

    // Brand and processor generation have one option each: picked by themselves.
    await choose('Tipo de produto', 'Notebook');
    expect(selectInput('Marca')).toHaveProperty('value', 'Nimbus');
    await choose('Formato', 'Gamer');
    expect(selectInput('SKU')).toHaveProperty('value', 'NP-16 · Nimbus Pro 16');
    fireEvent.change(screen.getByLabelText('Quantidade'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto' }));
    await choose('Tipo de produto', 'Notebook');
    await choose('Formato', 'Fino');
    fireEvent.change(screen.getByLabelText('Quantidade'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar produto' }));
    const live = screen.getByTestId('live-points');
    // 40 + 2 × 15 = 70 base; × 1.5 = 105.
    expect(within(live).getByText('Pontos base: 70')).toBeTruthy();
    expect(within(live).getByText('105 pontos')).toBeTruthy();
    expect(within(live).getByText('Seu nível: Creator (×1,5)')).toBeTruthy();

    // Sending without a photo where the store allows cameras is stopped before the API.
    fireEvent.change(screen.getByLabelText(/^Número da nota fiscal/), { target: { value: 'NF-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar venda' }));
    expect(await screen.findByText('A foto da nota fiscal é obrigatória nesta loja.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'nota.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar venda' }));
    // The duplicate invoice answer stands beside the invoice number.
    const invoice = screen.getByLabelText(/^Número da nota fiscal/);
    await waitFor(() => expect(invoice.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('O número da nota já foi enviada pelo usuário anteriormente')).toBeTruthy();
    expect(sent[0]!.sale).toMatchObject({
      campaignId: 1,
      storeId: 11,
      invoiceNumber: 'NF-1',
      lines: [
        { productId: 2, quantity: 1 },
        { productId: 1, quantity: 2 },
      ],
    });
    expect(sent[0]!.photo?.name).toBe('nota.png');
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.change(invoice, { target: { value: 'NF-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar venda' }));
    expect(await screen.findByText('Venda enviada!')).toBeTruthy();
    expect(screen.getByText('A nota NF-2 está aguardando auditoria: 105 pontos pendentes.')).toBeTruthy();
    // Another report, another key.
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(calls.calls.filter((c) => c.url === '/api/loyalty/sales')).toHaveLength(2);
  });

  it('lists my sales with their status, the rejection reason and the pending points', async () => {
    mockApi((url) => {
      if (url === '/api/loyalty/campaigns') return json({ items: [campaign()] });
      if (url.startsWith('/api/loyalty/sales?')) {
        const status = new URL(url, 'http://x').searchParams.get('status');
        const base = {
          campaignId: 1,
          storeId: 11,
          retailerId: 1,
          observation: '',
          hasPhoto: true,
          photoSha256: null,
          createdAt: '2026-11-21T10:00:00.000Z',
          decidedAt: null,
          lineCount: 2,
        };
        const all = [
          {
            ...base,
            id: 3,
            saleDate: '2026-11-20',
            invoiceNumber: 'NF-3',
            status: 'pending',
            rejectionReason: null,
            basePoints: 70,
          },
          {
            ...base,
            id: 2,
            saleDate: '2026-11-18',
            invoiceNumber: 'NF-2',
            status: 'rejected',
            rejectionReason: 'Nota ilegível',
            basePoints: 40,
          },
          {
            ...base,
            id: 1,
            saleDate: '2026-11-10',
            invoiceNumber: 'NF-1',
            status: 'approved',
            rejectionReason: null,
            basePoints: 15,
            lineCount: 1,
          },
        ];
        const items = status ? all.filter((s) => s.status === status) : all;
        return json({
          items,
          total: items.length,
          page: 1,
          pageSize: 10,
          pendingPoints: status === 'approved' ? 0 : 70,
        });
      }
      return undefined;
    });
    renderIt('/insert-sales?view=mine');
    const list = await screen.findByRole('list', { name: 'Vendas enviadas' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('pending-points').textContent).toBe('Pontos pendentes: 70');
    expect(within(list).getByText('Motivo: Nota ilegível')).toBeTruthy();
    expect(within(list).getByText('Reprovada')).toBeTruthy();
    expect(within(list).getByText('10/11/2026 · 1 produto')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Aprovadas' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Vendas enviadas' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('sends a learner without an active registration to the campaigns', async () => {
    mockApi((url) =>
      url === '/api/loyalty/campaigns' ? json({ items: [campaign({ registration: null })] }) : undefined,
    );
    renderIt();
    expect(await screen.findByText('Você não está inscrito em nenhuma campanha ativa.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver campanhas' }).getAttribute('href')).toBe('/campaigns');
  });
});

describe('sale form rules', () => {
  it('puts each rule of the API beside its field', () => {
    expect(saleErrorField(new ApiError(409, 'SALES_INVOICE_DUPLICATE', ''))).toBe('invoiceNumber');
    expect(saleErrorField(new ApiError(422, 'SALES_REPORT_TOO_LATE', ''))).toBe('saleDate');
    expect(saleErrorField(new ApiError(413, 'SALES_PHOTO_TOO_LARGE', ''))).toBe('photo');
    expect(saleErrorField(new ApiError(422, 'SALES_STORE_NOT_ELIGIBLE', ''))).toBe('store');
    expect(
      saleErrorField(new ApiError(400, 'VALIDATION_FAILED', '', [{ path: 'lines.0.quantity', code: 'X' }])),
    ).toBe('lines');
    expect(saleErrorField(new ApiError(500, 'INTERNAL', ''))).toBe('form');
  });

  it('computes points as the server does: floor(base × multiplier)', () => {
    const byId = new Map(products.map((p) => [p.productId, p]));
    expect(linePoints([{ productId: 1, quantity: 1 }], byId, 1.5)).toEqual({ base: 15, mine: 22 });
    expect(linePoints([{ productId: 3, quantity: 10 }], byId, 1.15)).toEqual({ base: 100, mine: 115 });
  });

  it('narrows the cascade step by step and takes a lone option by itself', () => {
    const state = cascadeState(products, { productType: 'Tablet' });
    expect(state.value).toMatchObject({
      brand: 'Nimbus',
      productType: 'Tablet',
      processor: 'Arm',
      sku: 'NT-10',
    });
    expect(state.product?.productId).toBe(3);
    const open = cascadeState(products, {});
    expect(open.options.productType).toEqual(['Notebook', 'Tablet']);
    expect(open.value.productType).toBeNull();
    expect(open.product).toBeNull();
  });
});
