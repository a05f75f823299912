import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminCampaign } from '@trilha/contracts/loyalty';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/render-app';
import AdminCampaignEditorPage from './pages/admin-campaign-editor-page';
import AdminCampaignsPage from './pages/admin-campaigns-page';
import AdminStoresPage from './pages/admin-stores-page';

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
      { path: '/admin/campaigns', element: <AdminCampaignsPage /> },
      { path: '/admin/campaigns/stores', element: <AdminStoresPage /> },
      { path: '/admin/campaigns/:id', element: <AdminCampaignEditorPage /> },
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

const paged = <T,>(items: T[]) => json({ items, total: items.length, page: 1, pageSize: 100 });

/** The program's structure: Brazil in group 1, Chile in group 2, one store in each, two products. */
const structure: Handler = (url) => {
  if (url.startsWith('/api/admin/loyalty/countries?'))
    return paged([
      { id: 1, code: 'BR', name: 'Brasil', countryGroup: 1 },
      { id: 2, code: 'CL', name: 'Chile', countryGroup: 2 },
    ]);
  if (url.startsWith('/api/admin/loyalty/retailers?'))
    return paged([
      { id: 10, countryId: 1, countryCode: 'BR', name: 'Casa Digital', countryGroup: null, active: true },
      { id: 20, countryId: 2, countryCode: 'CL', name: 'Andes Tech', countryGroup: null, active: true },
    ]);
  if (url.startsWith('/api/admin/loyalty/stores?'))
    return paged([
      {
        id: 100,
        retailerId: 10,
        retailerName: 'Casa Digital',
        countryId: 1,
        countryCode: 'BR',
        code: 'BR-SP-1',
        name: 'Casa Digital Paulista',
        city: 'São Paulo',
        timeZone: 'America/Sao_Paulo',
        phonesAndCamerasAllowed: true,
        active: true,
      },
      {
        id: 200,
        retailerId: 20,
        retailerName: 'Andes Tech',
        countryId: 2,
        countryCode: 'CL',
        code: 'CL-SCL-1',
        name: 'Andes Santiago',
        city: 'Santiago',
        timeZone: 'America/Santiago',
        phonesAndCamerasAllowed: true,
        active: true,
      },
    ]);
  if (url.startsWith('/api/admin/loyalty/products?'))
    return paged(
      [
        [1, 'NB-1', 'Nimbus Air 14'],
        [2, 'NB-2', 'Nimbus Pro 16'],
      ].map(([id, sku, name]) => ({
        id,
        brandId: 1,
        brandName: 'Nimbus',
        sku,
        name,
        productType: 'Notebook',
        processor: 'Core',
        processorGeneration: '14',
        formFactor: 'Slim',
        active: true,
      })),
    );
  return undefined;
};

const saved = (over: Partial<AdminCampaign> = {}): AdminCampaign => ({
  id: 5,
  name: 'Black Friday',
  beginsAt: '2026-11-01T12:00:00.000Z',
  endsAt: '2026-12-01T12:00:00.000Z',
  countryGroup: 1,
  status: 'upcoming',
  frozen: false,
  storeCount: 1,
  productCount: 1,
  registrationCount: 0,
  storeIds: [100],
  products: [{ productId: 2, points: 300 }],
  ...over,
});

describe('loyalty back office: campaigns', () => {
  it('lists campaigns with their status and counts, each opening its editor', async () => {
    mockApi((url) =>
      url.startsWith('/api/admin/loyalty/campaigns?')
        ? json({ items: [saved({ status: 'active', frozen: true })], total: 1, page: 1, pageSize: 20 })
        : undefined,
    );
    renderAt('/admin/campaigns');
    const table = await screen.findByRole('table', { name: 'Campanhas' });
    const link = within(table).getByRole('link', { name: 'Black Friday' });
    expect(link.getAttribute('href')).toBe('/admin/campaigns/5');
    expect(within(table).getByText('Ativa')).toBeTruthy();
    expect(within(table).getByText('Pontos congelados')).toBeTruthy();
    expect(within(table).getByText('Grupo 1')).toBeTruthy();
  });

  it("creates a campaign with its dates, group's stores and product points", async () => {
    let body: unknown = null;
    mockApi(structure, (url, init) => {
      if (url === '/api/admin/loyalty/campaigns' && init?.method === 'POST') {
        body = JSON.parse(String(init.body));
        return json(saved());
      }
      if (url === '/api/admin/loyalty/campaigns/5') return json(saved());
      return undefined;
    });
    const router = renderAt('/admin/campaigns/new');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nome da campanha' }), {
      target: { value: '  Black Friday ' },
    });
    fireEvent.change(screen.getByLabelText(/^Início/), { target: { value: '2026-11-01T09:00' } });
    fireEvent.change(screen.getByLabelText(/^Fim/), { target: { value: '2026-12-01T09:00' } });
    // The picked instants are repeated as the user's language writes them.
    expect(screen.getByText('01/11/2026 09:00')).toBeTruthy();
    expect(screen.getByText('01/12/2026 09:00')).toBeTruthy();

    // Group 1 offers the Brazilian store only.
    const stores = await screen.findByRole('group', { name: 'Lojas participantes' });
    expect(within(stores).queryByText(/Andes Santiago/)).toBeNull();
    fireEvent.click(within(stores).getByRole('checkbox', { name: /Casa Digital Paulista/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Pontos de Nimbus Pro 16' }), {
      target: { value: '300' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar campanha' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/campaigns/5'));
    expect(body).toEqual({
      name: 'Black Friday',
      beginsAt: new Date('2026-11-01T09:00').toISOString(),
      endsAt: new Date('2026-12-01T09:00').toISOString(),
      countryGroup: 1,
      storeIds: [100],
      products: [{ productId: 2, points: 300 }],
    });
  });

  it('refuses an end before the begin without asking the API', async () => {
    const api = mockApi(structure);
    renderAt('/admin/campaigns/new');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nome da campanha' }), {
      target: { value: 'Natal' },
    });
    fireEvent.change(screen.getByLabelText(/^Início/), { target: { value: '2026-12-20T09:00' } });
    fireEvent.change(screen.getByLabelText(/^Fim/), { target: { value: '2026-12-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar campanha' }));
    const problem = await screen.findByText('O fim precisa ser depois do início.');
    expect(problem.closest('[role="alert"]')).toBeTruthy();
    expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(false);
  });

  it("keeps a started campaign's points read-only and shows the API's refusal", async () => {
    let body: { products?: unknown; name?: string } | null = null;
    mockApi(structure, (url, init) => {
      if (url === '/api/admin/loyalty/campaigns/5' && init?.method === 'PUT') {
        body = JSON.parse(String(init.body)) as typeof body;
        return json({ error: { code: 'LOYALTY_CAMPAIGN_FROZEN', message: 'frozen' } }, 409);
      }
      if (url === '/api/admin/loyalty/campaigns/5')
        return json(saved({ status: 'active', frozen: true, registrationCount: 3 }));
      return undefined;
    });
    renderAt('/admin/campaigns/5');
    const points = await screen.findByRole('textbox', { name: 'Pontos de Nimbus Pro 16' });
    expect((points as HTMLInputElement).value).toBe('300');
    expect((points as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Início/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/os pontos dos produtos e a data de início estão congelados/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Excluir campanha' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Nome da campanha' }), {
      target: { value: 'Black Friday 2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar campanha' }));
    const refusal = await screen.findByText(
      'A campanha já começou: os pontos dos produtos e a data de início não podem mais ser alterados.',
    );
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(body).toMatchObject({ name: 'Black Friday 2026', products: [{ productId: 2, points: 300 }] });
  });
});

describe('loyalty back office: CSV import', () => {
  it('reports each refused row in the language, then the counts of an accepted file', async () => {
    const sent: string[] = [];
    mockApi((url, init) => {
      if (url.startsWith('/api/admin/loyalty/stores?'))
        return json({ items: [], total: 0, page: 1, pageSize: 20 });
      if (url === '/api/admin/loyalty/stores/import' && init?.method === 'POST') {
        const { csv } = JSON.parse(String(init.body)) as { csv: string };
        sent.push(csv);
        if (sent.length === 1)
          return json(
            {
              error: {
                code: 'LOYALTY_IMPORT_INVALID',
                message: 'invalid',
                details: {
                  rows: [
                    { line: 2, field: 'time_zone', problem: 'not an IANA time zone' },
                    { line: 3, field: 'country', problem: 'unknown country' },
                    { line: 4, field: 'code', problem: 'repeats line 2' },
                  ],
                },
              },
            },
            422,
          );
        return json({ created: 2, updated: 1 });
      }
      return undefined;
    });
    renderAt('/admin/campaigns/stores');
    expect(await screen.findByText('Nenhuma loja cadastrada ainda.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Importar CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar lojas' });
    const text = 'code;name;city;retailer;country;time_zone\nA;Loja A;Recife;Casa;BR;Mars/Base\n';
    fireEvent.change(dialog.querySelector('input[type="file"]')!, {
      target: { files: [new File([text], 'lojas.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));

    const report = await within(dialog).findByRole('table', { name: 'Linhas com erro' });
    expect(
      within(report)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '2time_zoneFuso horário inválido (use o nome IANA, como America/Sao_Paulo)',
      '3countryPaís não cadastrado no programa',
      '4codeRepete a linha 2',
    ]);
    expect(within(dialog).getByRole('alert').textContent).toMatch(/nada foi importado/);
    expect(sent[0]).toBe(text);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect((await within(dialog).findByTestId('import-result')).textContent).toBe(
      'Importação concluída: 2 criados, 1 atualizados.',
    );
    expect(within(dialog).queryByRole('table', { name: 'Linhas com erro' })).toBeNull();
  });
});
