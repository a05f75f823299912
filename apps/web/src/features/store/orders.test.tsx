import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StoreOrder } from '@trilha/contracts/store';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import MyOrders from './components/my-orders';
import AdminOrdersPage from './pages/admin-orders-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

function renderIt(element: React.ReactNode) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const at = '2026-11-20T12:00:00.000Z';
const order = (id: number, over: Partial<StoreOrder> = {}): StoreOrder => ({
  id,
  userId: 7,
  itemId: 5,
  variantId: null,
  itemTitle: `Prêmio ${id}`,
  kind: 'physical',
  quantity: 1,
  price: 400,
  status: 'awaiting_approval',
  address: {
    zip: '01310-100',
    street: 'Av. Paulista',
    number: '1000',
    complement: '',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    country: 'BRA',
  },
  carrier: null,
  trackingCode: null,
  reason: null,
  voucherCode: null,
  createdAt: at,
  approvedAt: null,
  shippedAt: null,
  deliveredAt: null,
  reprovedAt: null,
  ...over,
});
const page = (items: StoreOrder[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

describe('my orders', () => {
  it('shows each order’s status and timeline: tracking when shipped, the reason when reproved, the code of a voucher', async () => {
    mockApi((url) =>
      url.startsWith('/api/store/orders?')
        ? json(
            page([
              order(1, {
                itemTitle: 'Camiseta',
                status: 'shipped',
                approvedAt: at,
                shippedAt: at,
                carrier: 'Correios',
                trackingCode: 'BR123',
              }),
              order(2, {
                itemTitle: 'Mochila',
                status: 'reproved',
                reprovedAt: at,
                reason: 'Sem estoque no fornecedor',
              }),
              order(3, {
                itemTitle: 'Vale cinema',
                kind: 'digital',
                address: null,
                status: 'approved',
                approvedAt: at,
                voucherCode: 'CINE-7788',
              }),
            ]),
          )
        : undefined,
    );
    renderIt(<MyOrders />);
    const rows = await screen.findAllByTestId('my-order');
    expect(rows.map((r) => within(r).getByTestId('order-status').textContent)).toEqual([
      'Enviado',
      'Reprovado',
      'Aprovado',
    ]);
    fireEvent.click(within(rows[0]!).getByRole('button'));
    expect(await within(rows[0]!).findByText('Correios · código de rastreio BR123')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Entrega em: Av. Paulista, 1000/)).toBeTruthy();
    fireEvent.click(within(rows[1]!).getByRole('button'));
    expect(await within(rows[1]!).findByText('Motivo: Sem estoque no fornecedor')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Enviado')).toBeNull();
    fireEvent.click(within(rows[2]!).getByRole('button'));
    expect((await within(rows[2]!).findByTestId('voucher-code')).textContent).toBe('CINE-7788');
    // A digital order is not shipped: no shipping step.
    expect(within(rows[2]!).queryByText('Enviado')).toBeNull();
  });

  it('says when there are no orders yet', async () => {
    mockApi((url) => (url.startsWith('/api/store/orders?') ? json(page([])) : undefined));
    renderIt(<MyOrders />);
    expect(await screen.findByText('Você ainda não fez nenhum pedido.')).toBeTruthy();
  });
});

describe('the orders queue', () => {
  it('approves, reproves with a reason and ships with carrier and tracking, offering only the allowed moves', async () => {
    const { calls } = mockApi((url, init) => {
      if (url.startsWith('/api/admin/store/orders?')) {
        const status = new URL(url, 'http://x').searchParams.get('status');
        const all = [
          order(1, { itemTitle: 'Camiseta', customer: { name: 'Ana Souza', email: 'ana@example.com' } }),
          order(2, {
            itemTitle: 'Mochila',
            status: 'approved',
            approvedAt: at,
            customer: { name: 'Bruno', email: null },
          }),
          order(3, { itemTitle: 'Vale', kind: 'digital', status: 'approved', approvedAt: at, address: null }),
        ];
        return json(page(status ? all.filter((o) => o.status === status) : all));
      }
      const move = /^\/api\/admin\/store\/orders\/(\d+)\/(\w+)$/.exec(url);
      if (move && init?.method === 'POST') {
        if (move[2] === 'approve')
          return json({ error: { code: 'STORE_ORDER_TRANSITION_INVALID', message: 'x' } }, 409);
        return json({ order: order(Number(move[1]), { status: 'reproved' }) });
      }
      return undefined;
    });
    renderIt(<AdminOrdersPage />);
    // Awaiting approval first.
    const first = await screen.findAllByTestId('queue-order');
    expect(first).toHaveLength(1);
    expect(within(first[0]!).getByText(/Ana Souza/)).toBeTruthy();
    expect(within(first[0]!).queryByRole('button', { name: 'Informar envio' })).toBeNull();

    // A refused move says why, in Portuguese.
    fireEvent.click(within(first[0]!).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('O pedido não pode passar para este status.')).toBeTruthy();

    // Reprove asks for the reason before sending.
    fireEvent.click(within(first[0]!).getByRole('button', { name: 'Reprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reprovar pedido' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    expect(await within(dialog).findByText('Preencha este campo.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Endereço fora da área de entrega' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/store/orders/1/reprove')).toBe(true));
    const reprove = calls.find((c) => c.url === '/api/admin/store/orders/1/reprove')!;
    expect(JSON.parse(String(reprove.init?.body))).toEqual({ reason: 'Endereço fora da área de entrega' });

    // Approved orders: a physical one ships, a digital one is delivered.
    fireEvent.click(screen.getAllByLabelText('Situação').find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Aprovado' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-order')).toHaveLength(2));
    const [physical, digital] = screen.getAllByTestId('queue-order');
    expect(within(digital!).queryByRole('button', { name: 'Informar envio' })).toBeNull();
    expect(within(digital!).getByRole('button', { name: 'Marcar entregue' })).toBeTruthy();
    fireEvent.click(within(physical!).getByRole('button', { name: 'Informar envio' }));
    const ship = await screen.findByRole('dialog', { name: 'Informar envio' });
    fireEvent.change(within(ship).getByRole('textbox', { name: /Transportadora/ }), {
      target: { value: 'Correios' },
    });
    fireEvent.change(within(ship).getByRole('textbox', { name: /Código de rastreio/ }), {
      target: { value: 'BR999' },
    });
    fireEvent.click(within(ship).getByRole('button', { name: 'Informar envio' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/store/orders/2/ship')).toBe(true));
    const shipped = calls.find((c) => c.url === '/api/admin/store/orders/2/ship')!;
    expect(JSON.parse(String(shipped.init?.body))).toEqual({ carrier: 'Correios', trackingCode: 'BR999' });
  });
});
