import { fireEvent, screen, within } from '@testing-library/react';
import type { AffiliationOptions, RegistrationVariant } from '@trilha/contracts/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { json } from '../../../test/fixtures';
import { mockApi, renderApp } from '../../../test/render-app';

function variant(overrides: Partial<RegistrationVariant> = {}): RegistrationVariant {
  return {
    slug: 'register',
    mode: 'register',
    title: 'Aurora Varejo',
    clientName: 'Aurora',
    fields: ['first_name', 'last_name', 'email', 'document', 'country'],
    profiles: ['sales_agent', 'promoter'],
    termsPath: '/institutional/terms-and-conditions',
    termsVersion: '1',
    askAffiliation: false,
    requiresApproval: false,
    countries: [
      { code: 'BRA', name: 'Brasil' },
      { code: 'ARG', name: 'Argentina' },
    ],
    passwordStrength: 'strong',
    ...overrides,
  };
}

const options: AffiliationOptions = {
  companies: [
    { id: 1, name: 'Acme', kind: 'company', brands: [{ id: 11, name: 'Bolt' }] },
    { id: 2, name: 'Norte', kind: 'agency', brands: [{ id: 21, name: 'Norte Promo' }] },
  ],
  retailChains: [
    {
      id: 5,
      name: 'MegaLoja',
      stores: [{ id: 51, name: 'MegaLoja Paulista', city: 'São Paulo', state: 'SP' }],
    },
  ],
};

function registerApi(v = variant()) {
  return mockApi(
    (url) => (url === `/api/accounts/registration/${v.slug}` ? json(v) : undefined),
    (url) => (url === `/api/accounts/registration/${v.slug}/affiliations` ? json(options) : undefined),
  );
}

const documentInput = () => screen.getByRole('textbox', { name: /CPF \/ documento/ });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Criar cadastro' }));

describe('register form', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  it('says "CPF é obrigatório" when the document is empty, and sends nothing', async () => {
    const { calls } = registerApi();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Cadastro — Aurora Varejo' });
    submit();
    expect(await screen.findByText('CPF é obrigatório')).toBeTruthy();
    expect(documentInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Aceite os termos e condições para continuar')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/accounts/register')).toBe(false);
  });

  it('masks the CPF as it is typed and says "Documento inválido" for a failed check', async () => {
    registerApi();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Cadastro — Aurora Varejo' });
    fireEvent.change(documentInput(), { target: { value: '11111111111' } });
    expect((documentInput() as HTMLInputElement).value).toBe('111.111.111-11');
    submit();
    expect(await screen.findByText('Documento inválido')).toBeTruthy();
    fireEvent.change(documentInput(), { target: { value: '529.982.247-26' } });
    submit();
    expect(await screen.findByText('Documento inválido')).toBeTruthy();
    fireEvent.change(documentInput(), { target: { value: '529.982.247-25' } });
    submit();
    await screen.findByText('Aceite os termos e condições para continuar');
    expect(screen.queryByText('Documento inválido')).toBeNull();
    expect(screen.queryByText('CPF é obrigatório')).toBeNull();
  });

  it('shows the document messages in the user language', async () => {
    registerApi();
    await i18n.changeLanguage('en-US');
    renderApp('/register');
    await screen.findByRole('heading', { name: /Aurora Varejo/ });
    fireEvent.change(screen.getByRole('textbox', { name: /document/i }), {
      target: { value: '12345678900' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Invalid document')).toBeTruthy();
  });

  it('asks one company/agency, a brand of it and a store of each chain when the entry asks them', async () => {
    registerApi(variant({ slug: 'register-seven-trade', askAffiliation: true }));
    renderApp('/register-seven-trade');
    await screen.findByRole('heading', { name: 'Cadastro — Aurora Varejo' });
    await screen.findByRole('checkbox', { name: 'MegaLoja' });
    submit();
    expect(await screen.findByText('Escolha exatamente uma empresa/agência')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'MegaLoja' }));
    submit();
    const stores = await screen.findByRole('group', { name: /Lojas da rede MegaLoja/ });
    expect(within(stores).getByRole('checkbox', { name: /MegaLoja Paulista/ })).toBeTruthy();
    expect(await screen.findAllByText(/Escolha ao menos uma loja de cada rede escolhida/)).not.toHaveLength(
      0,
    );
  });
});
