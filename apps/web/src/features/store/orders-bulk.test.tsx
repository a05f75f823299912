import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StoreOrder } from '@trilha/contracts/store';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import AdminOrdersPage from './pages/admin-orders-page';

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
  const router = createMemoryRouter([{ path: '*', element: <AdminOrdersPage /> }], { initialEntries: ['/'] });
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
  address: null,
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
const queue = (url: string) =>
  url.startsWith('/api/admin/store/orders?')
    ? json({ items: [order(1), order(2), order(3)], total: 3, page: 1, pageSize: 10 })
    : undefined;
const headerOf = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers as HeadersInit).get(name);

describe('bulk approval in the orders queue', () => {
  it('approves the chosen orders in one request and says which failed and why', async () => {
    let answers = 0;
    const { calls } = mockApi(queue, (url, init) => {
      if (url !== '/api/admin/store/orders/bulk-approve' || init?.method !== 'POST') return undefined;
      // The first answer is lost on the way: the retry goes with the same key.
      if (++answers === 1) return json({ error: { code: 'INTERNAL', message: 'x' } }, 503);
      return json({ approved: [1], failed: [{ id: 3, code: 'STORE_ORDER_TRANSITION_INVALID' }] });
    });
    renderPage();
    await screen.findAllByTestId('queue-order');
    const approve = () => screen.getByRole('button', { name: /Aprovar selecionados/ });
    expect((approve() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    expect(approve().textContent).toContain('(3)');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar o pedido de Prêmio 2' }));
    expect(approve().textContent).toContain('(2)');
    fireEvent.click(approve());
    await waitFor(() => expect(answers).toBe(1));
    await waitFor(() => expect((approve() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(approve());
    const outcome = await screen.findByTestId('bulk-outcome');
    const sent = calls.filter((c) => c.url === '/api/admin/store/orders/bulk-approve');
    expect(sent).toHaveLength(2);
    expect(JSON.parse(String(sent[0]!.init?.body))).toEqual({ ids: [1, 3] });
    const key = headerOf(sent[0]!.init, 'Idempotency-Key');
    expect(key).toBeTruthy();
    expect(headerOf(sent[1]!.init, 'Idempotency-Key')).toBe(key);
    expect(within(outcome).getByText('1 pedido aprovado.')).toBeTruthy();
    expect(within(outcome).getByText('1 pedido não foi aprovado:')).toBeTruthy();
    expect(within(outcome).getByText('Pedido nº 3: O pedido não pode passar para este status.')).toBeTruthy();
    // The selection is spent: nothing chosen, and the next one gets a key of its own.
    expect(approve().textContent).toContain('(0)');
  });
});

describe('low stock in the orders queue', () => {
  it('lists the rewards at or under their threshold, sizes and colours on their own', async () => {
    mockApi(queue, (url) =>
      url === '/api/admin/store/low-stock'
        ? json({
            items: [
              {
                itemId: 4,
                variantId: 9,
                title: 'Camiseta',
                variantLabel: 'M',
                stock: 0,
                threshold: 3,
                kind: 'physical',
              },
              {
                itemId: 6,
                variantId: null,
                title: 'Vale cinema',
                variantLabel: null,
                stock: 2,
                threshold: 5,
                kind: 'digital',
              },
            ],
          })
        : undefined,
    );
    renderPage();
    const rows = await screen.findAllByTestId('low-stock-item');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Camiseta (M)0 restante(s) · limite 3',
      'Vale cinema2 restante(s) · limite 5',
    ]);
  });

  it('says when nothing is low', async () => {
    mockApi(queue, (url) => (url === '/api/admin/store/low-stock' ? json({ items: [] }) : undefined));
    renderPage();
    expect(await screen.findByText('Nenhum prêmio com estoque baixo.')).toBeTruthy();
  });
});

describe('the queue’s files', () => {
  it('exports the queue with the status on screen', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const { calls } = mockApi(queue, (url) =>
      url.startsWith('/api/admin/store/orders.csv')
        ? new Response('"order"\r\n', { headers: { 'Content-Type': 'text/csv' } })
        : undefined,
    );
    renderPage();
    await screen.findAllByTestId('queue-order');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/admin/store/orders.csv?status=awaiting_approval')).toBe(true),
    );
  });

  it('ships from a CSV file and shows each row’s result in the user’s language', async () => {
    const { calls } = mockApi(queue, (url, init) =>
      url === '/api/admin/store/orders/ship-csv' && init?.method === 'POST'
        ? json({
            rows: [
              { line: 2, orderId: 4, ok: true, code: null },
              { line: 3, orderId: 1, ok: false, code: 'STORE_ORDER_TRANSITION_INVALID' },
              { line: 4, orderId: null, ok: false, code: 'columns' },
            ],
            shipped: 1,
            failed: 2,
          })
        : undefined,
    );
    renderPage();
    await screen.findAllByTestId('queue-order');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar por CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informar envios por CSV' });
    const text = 'pedido;transportadora;rastreio\n4;Correios;BR1\n1;Correios;BR2\nx\n';
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([text], 'envios.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Informar envios' }));
    const table = await within(dialog).findByTestId('ship-csv-result');
    const sent = calls.find((c) => c.url === '/api/admin/store/orders/ship-csv')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ csv: text });
    expect(headerOf(sent.init, 'Idempotency-Key')).toBeTruthy();
    expect(within(dialog).getByText('1 enviados, 2 não enviados.')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', '4', 'Envio informado'],
      ['3', '1', 'Só pedidos aprovados de prêmios físicos podem ser enviados.'],
      ['4', '—', 'A linha precisa de três colunas: pedido, transportadora e código de rastreio.'],
    ]);
  });

  it('refuses a file over the size limit before sending it', async () => {
    const { calls } = mockApi(queue);
    renderPage();
    await screen.findAllByTestId('queue-order');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar por CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informar envios por CSV' });
    const big = new File(['1,a,b\n'.repeat(50_000)], 'big.csv', { type: 'text/csv' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [big] } });
    expect(await within(dialog).findByText('O arquivo passa de 256 KB.')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Informar envios' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls.some((c) => c.url === '/api/admin/store/orders/ship-csv')).toBe(false);
  });
});
