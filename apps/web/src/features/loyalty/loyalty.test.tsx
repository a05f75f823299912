import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LearnerCampaign } from '@trilha/contracts/loyalty';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import CampaignsPage from './pages/campaigns-page';
import PointsTablePage from './pages/points-table-page';

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

const campaign = (id: number, over: Partial<LearnerCampaign> = {}): LearnerCampaign => ({
  id,
  name: `Campanha ${id}`,
  beginsAt: '2026-10-01T03:00:00.000Z',
  endsAt: '2026-12-31T03:00:00.000Z',
  status: 'active',
  countryGroup: 1,
  registration: null,
  points: 0,
  xp: 0,
  ...over,
});

const store = (id: number, name: string) => ({
  id,
  code: `S${id}`,
  name,
  city: 'São Paulo',
  retailerId: 1,
  retailerName: 'Casa Digital',
  countryCode: 'BR',
  timeZone: 'America/Sao_Paulo',
  phonesAndCamerasAllowed: true,
});

const registered = {
  id: 90,
  campaignId: 1,
  storeId: 11,
  storeName: 'Casa Digital Paulista',
  status: 'active' as const,
  registeredAt: '2026-11-20T13:00:00.000Z',
};

describe('campaigns page', () => {
  it('lists active and previous campaigns with dates in the language, my store, points and XP', async () => {
    mockApi((url) => {
      if (url === '/api/loyalty/campaigns')
        return json({
          items: [
            campaign(1),
            campaign(2, {
              name: 'Campanha de inverno',
              status: 'previous',
              beginsAt: '2026-06-01T03:00:00.000Z',
              endsAt: '2026-08-31T03:00:00.000Z',
              registration: { ...registered, campaignId: 2 },
              points: 1250,
              xp: 830,
            }),
          ],
        });
      return undefined;
    });
    renderIt(<CampaignsPage />);
    const active = await screen.findByRole('region', { name: 'Campanhas ativas' });
    const first = within(active).getByRole('article', { name: 'Campanha 1' });
    expect(within(first).getByText('Ativa')).toBeTruthy();
    expect(within(first).getByText('De 01/10/2026 a 31/12/2026')).toBeTruthy();
    expect(within(first).getByText('Você ainda não se inscreveu nesta campanha.')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Inscrever-se em Campanha 1' })).toBeTruthy();

    const previous = screen.getByRole('region', { name: 'Campanhas anteriores' });
    const old = within(previous).getByRole('article', { name: 'Campanha de inverno' });
    expect(within(old).getByText('Encerrada')).toBeTruthy();
    expect(within(old).getByText('Inscrito pela loja Casa Digital Paulista em 20/11/2026')).toBeTruthy();
    expect(within(old).getByText('1.250')).toBeTruthy();
    expect(within(old).getByText('830')).toBeTruthy();
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('says so when there is no campaign yet', async () => {
    mockApi((url) => (url === '/api/loyalty/campaigns' ? json({ items: [] }) : undefined));
    renderIt(<CampaignsPage />);
    expect(await screen.findByText('Nenhuma campanha ainda')).toBeTruthy();
  });

  it('signs me up at a store picked from a searched list, then celebrates and shows my store', async () => {
    let signedUp = false;
    const api = mockApi((url, init) => {
      if (url === '/api/loyalty/campaigns')
        return json({ items: [campaign(1, { registration: signedUp ? registered : null })] });
      if (url.startsWith('/api/loyalty/stores?')) {
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        const all = [store(11, 'Casa Digital Paulista'), store(12, 'Casa Digital Recife')];
        const items = all.filter((s) => s.name.toLowerCase().includes(q.toLowerCase()));
        return json({ items, total: items.length, page: 1, pageSize: 20 });
      }
      if (url === '/api/loyalty/campaigns/1/registrations' && init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ storeId: 11 });
        signedUp = true;
        return json(registered, 201);
      }
      return undefined;
    });
    renderIt(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Inscrever-se em Campanha 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inscrição: Campanha 1' });
    expect(await within(dialog).findByRole('radio', { name: /Casa Digital Recife/ })).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Buscar loja' }), {
      target: { value: 'paulista' },
    });
    await waitFor(() => expect(api.calls.some((c) => c.url.includes('q=paulista'))).toBe(true));
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Recife/ })).toBeNull());
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar inscrição' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Casa Digital Paulista/ }));
    fireEvent.click(confirm);

    expect(await within(dialog).findByText('Inscrição feita!')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Você está participando da campanha Campanha 1 pela loja Casa Digital Paulista.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByText('Inscrito pela loja Casa Digital Paulista em 20/11/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Inscrever-se em Campanha 1' })).toBeNull();
  });

  it('tells me I am already registered and shows the registration made meanwhile', async () => {
    let reads = 0;
    mockApi((url, init) => {
      if (url === '/api/loyalty/campaigns') {
        reads += 1;
        return json({ items: [campaign(1, { registration: reads > 1 ? registered : null })] });
      }
      if (url.startsWith('/api/loyalty/stores?'))
        return json({ items: [store(11, 'Casa Digital Paulista')], total: 1, page: 1, pageSize: 20 });
      if (url === '/api/loyalty/campaigns/1/registrations' && init?.method === 'POST')
        return json({ error: { code: 'LOYALTY_ALREADY_REGISTERED', message: 'already' } }, 409);
      return undefined;
    });
    renderIt(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Inscrever-se em Campanha 1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Casa Digital Paulista/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar inscrição' }));
    expect(await within(dialog).findByText('Você já está inscrito nesta campanha.')).toBeTruthy();
    expect(await screen.findByText('Inscrito pela loja Casa Digital Paulista em 20/11/2026')).toBeTruthy();
  });

  it("shows the server's refusal in the user's language and keeps the dialog open", async () => {
    mockApi((url, init) => {
      if (url === '/api/loyalty/campaigns') return json({ items: [campaign(1)] });
      if (url.startsWith('/api/loyalty/stores?'))
        return json({ items: [store(11, 'Casa Digital Paulista')], total: 1, page: 1, pageSize: 20 });
      if (url === '/api/loyalty/campaigns/1/registrations' && init?.method === 'POST')
        return json(
          { error: { code: 'LOYALTY_STORE_NOT_PARTICIPATING', message: 'Store not participating' } },
          422,
        );
      return undefined;
    });
    renderIt(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Inscrever-se em Campanha 1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Casa Digital Paulista/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar inscrição' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Loja não participante da campanha');
    expect(within(dialog).queryByText('Inscrição feita!')).toBeNull();
  });
});

describe('points table page', () => {
  const row = (id: number, name: string, points: number, myPoints: number) => ({
    productId: id,
    sku: `NB-${id}`,
    name,
    brand: 'Nimbus',
    productType: 'Notebook',
    processor: 'Core',
    processorGeneration: '14',
    formFactor: 'Slim',
    points,
    myPoints,
  });

  it("shows my level and multiplier, the registered campaign's products, and searches them", async () => {
    const api = mockApi((url) => {
      if (url === '/api/loyalty/campaigns')
        return json({
          items: [campaign(1), campaign(2, { name: 'Minha campanha', registration: registered })],
        });
      if (url.startsWith('/api/loyalty/points-table?')) {
        const params = new URL(url, 'http://x').searchParams;
        const all = [row(1, 'Nimbus Air 14', 100, 150), row(2, 'Nimbus Pro 16', 301, 451)];
        const q = params.get('q') ?? '';
        const items = all.filter((r) => r.name.toLowerCase().includes(q.toLowerCase()));
        return json({
          items,
          total: items.length,
          page: 1,
          pageSize: 20,
          level: { id: 2, name: 'Creator', position: 2, minXp: 1000, multiplier: 1.5 },
          multiplier: 1.5,
        });
      }
      return undefined;
    });
    renderIt(<PointsTablePage />);
    expect((await screen.findByTestId('my-level')).textContent).toBe('Creator');
    expect(screen.getByText('×1,5')).toBeTruthy();
    expect(await screen.findByText('Nimbus Pro 16')).toBeTruthy();
    expect(screen.getByText('451')).toBeTruthy();
    expect(api.calls.some((c) => c.url.startsWith('/api/loyalty/points-table?campaign=2'))).toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar produto' }), { target: { value: 'air' } });
    await waitFor(() => expect(screen.queryByText('Nimbus Pro 16')).toBeNull());
    expect(screen.getByText('Nimbus Air 14')).toBeTruthy();
    const searches = api.calls.filter((c) => c.url.includes('q='));
    expect(searches.map((c) => new URL(c.url, 'http://x').searchParams.get('q'))).toEqual(['air']);
  });

  it('sends me to the campaigns when none is active', async () => {
    const api = mockApi((url) =>
      url === '/api/loyalty/campaigns' ? json({ items: [campaign(3, { status: 'previous' })] }) : undefined,
    );
    renderIt(<PointsTablePage />);
    expect(await screen.findByText('Nenhuma campanha ativa no momento.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver campanhas' }).getAttribute('href')).toBe('/campaigns');
    expect(api.calls.some((c) => c.url.startsWith('/api/loyalty/points-table'))).toBe(false);
  });
});
