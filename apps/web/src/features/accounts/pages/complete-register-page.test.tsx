import { fireEvent, screen, within } from '@testing-library/react';
import type { AffiliationOptions, CompleteRegisterState } from '@trilha/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { useCommonStore } from '../../../lib/session-store';
import { json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';

const options: AffiliationOptions = {
  companies: [{ id: 1, name: 'Acme', kind: 'company', brands: [{ id: 11, name: 'Bolt' }] }],
  retailChains: [
    {
      id: 5,
      name: 'MegaLoja',
      stores: [{ id: 51, name: 'MegaLoja Paulista', city: 'São Paulo', state: 'SP' }],
    },
    { id: 6, name: 'Casa & Cia', stores: [{ id: 61, name: 'Casa Savassi', city: null, state: null }] },
  ],
};

const state: CompleteRegisterState = {
  values: {
    firstName: 'Paula',
    lastName: 'Moreira',
    email: 'paula@example.com',
    document: '52998224725',
    phone: '',
    country: 'BRA',
    companyId: null,
    brandIds: [],
    retailChainIds: [],
    storeIds: [],
  },
  missing: ['affiliation'],
  termsPath: '/institutional/terms-and-conditions',
  askAffiliation: true,
  countries: [{ code: 'BRA', name: 'Brasil' }],
};

describe('complete-register', () => {
  it('asks company/agency, brands and a store of each chain chosen when they are missing', async () => {
    useCommonStore.setState({
      accessToken: 'access',
      sessionType: 'password',
      session: session(),
    });
    const { calls } = mockApi(
      (url) =>
        url === '/api/accounts/me/pending-steps'
          ? json({ steps: ['complete_register'], missing: ['affiliation'] })
          : undefined,
      (url, init) =>
        url === '/api/accounts/me/complete-register' && init?.method !== 'PUT' ? json(state) : undefined,
      (url) => (url === '/api/accounts/me/affiliations' ? json(options) : undefined),
    );
    const { router } = renderApp('/complete-register');
    await settledAt(router, '/complete-register');
    await screen.findByRole('checkbox', { name: 'MegaLoja' });
    expect(screen.queryByRole('textbox', { name: /Nome/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    expect(await screen.findByText('Escolha exatamente uma empresa/agência')).toBeTruthy();
    expect(screen.getByText('Escolha ao menos uma loja de cada rede escolhida')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'MegaLoja' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Casa & Cia' }));
    const mega = await screen.findByRole('group', { name: /Lojas da rede MegaLoja/ });
    fireEvent.click(within(mega).getByRole('checkbox', { name: /MegaLoja Paulista/ }));
    expect(screen.getByRole('group', { name: /Lojas da rede Casa & Cia/ })).toBeTruthy();
    // Leaving a chain drops its stores from what would be sent.
    fireEvent.click(screen.getByRole('checkbox', { name: 'MegaLoja' }));
    expect(screen.queryByRole('group', { name: /Lojas da rede MegaLoja/ })).toBeNull();
    expect(
      calls.some((c) => c.url === '/api/accounts/me/complete-register' && c.init?.method === 'PUT'),
    ).toBe(false);
  });
});
