import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  checkCompleteRegister,
  completeRegisterBody,
  type AffiliationOptions,
  type CompleteRegisterBody,
} from '@trilha/contracts/accounts';
import { useForm, useWatch } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { AffiliationFields } from './affiliation-fields';
import { CountryField, DocumentField, NameFields, TermsFields, useAffiliationField } from './register-fields';

const options: AffiliationOptions = {
  companies: [{ id: 1, name: 'Acme', kind: 'company', brands: [{ id: 11, name: 'Bolt' }] }],
  retailChains: [
    {
      id: 5,
      name: 'MegaLoja',
      stores: [{ id: 51, name: 'MegaLoja Paulista', city: 'São Paulo', state: 'SP' }],
    },
  ],
};
const everything = ['first_name', 'last_name', 'country', 'document', 'terms', 'affiliation'];
const schema = completeRegisterBody.superRefine((v, ctx) => checkCompleteRegister(v, everything, ctx));

/** A form of the shared fields, as the register pages lay them out. */
function SharedForm({
  asks = () => true,
  autoComplete,
  companyId = null,
  onValid,
}: {
  asks?: (field: string) => boolean;
  autoComplete?: boolean;
  companyId?: number | null;
  onValid: (values: CompleteRegisterBody) => void;
}) {
  const form = useForm<CompleteRegisterBody>({
    resolver: zodResolver(schema),
    defaultValues: { country: 'BRA', companyId, brandIds: [], retailChainIds: [], storeIds: [] },
  });
  const country = useWatch({ control: form.control, name: 'country' }) || 'BRA';
  const affiliation = useAffiliationField(form);
  return (
    <form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
      <NameFields form={form} asks={asks} autoComplete={autoComplete} />
      <CountryField form={form} countries={[{ code: 'BRA', name: 'Brasil' }]} allowDeselect={false} />
      <DocumentField form={form} country={country} inputMode="numeric" />
      <AffiliationFields options={options} {...affiliation} />
      <TermsFields form={form} termsPath="/institutional/terms-and-conditions" />
      <button type="submit">Enviar</button>
    </form>
  );
}

function renderForm(props: Partial<Parameters<typeof SharedForm>[0]> = {}) {
  const onValid = vi.fn();
  render(
    <AppProviders env="test">
      <MemoryRouter>
        <SharedForm onValid={onValid} {...props} />
      </MemoryRouter>
    </AppProviders>,
  );
  return onValid;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('register fields', () => {
  it('shows only the names the form asks, with their autofill names when asked', () => {
    renderForm({ asks: (f) => f !== 'last_name', autoComplete: true });
    expect(textbox(/^Nome/).getAttribute('autocomplete')).toBe('given-name');
    expect(textbox(/^Nome/).required).toBe(true);
    expect(screen.queryByRole('textbox', { name: /Sobrenome/ })).toBeNull();
  });

  it('leaves the names without autofill names unless asked', () => {
    renderForm();
    expect(textbox(/^Nome/).hasAttribute('autocomplete')).toBe(false);
    expect(textbox(/Sobrenome/).hasAttribute('autocomplete')).toBe(false);
  });

  it("masks the document by the country's format and passes the page's own props through", () => {
    renderForm();
    fireEvent.change(textbox(/CPF \/ documento/), { target: { value: '52998224725' } });
    expect(textbox(/CPF \/ documento/).value).toBe('529.982.247-25');
    expect(textbox(/CPF \/ documento/).getAttribute('inputmode')).toBe('numeric');
    // The country's name in the user's language, from the form's value.
    expect(screen.getByDisplayValue('Brasil')).toBeTruthy();
  });

  it("shows the schema's messages on the shared fields and links the terms in a new tab", async () => {
    const onValid = renderForm();
    submit();
    expect(await screen.findByText('CPF é obrigatório')).toBeTruthy();
    expect(textbox(/CPF \/ documento/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Aceite os termos e condições para continuar')).toBeTruthy();
    expect(screen.getByText('Escolha exatamente uma empresa/agência')).toBeTruthy();
    const terms = screen.getByRole('link', { name: 'termos e condições' });
    expect(terms.getAttribute('href')).toBe('/institutional/terms-and-conditions');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('puts the affiliation chosen on the form, checked again at each change once submitted', async () => {
    const onValid = renderForm({ companyId: 1 });
    fireEvent.change(textbox(/^Nome/), { target: { value: 'Paula' } });
    fireEvent.change(textbox(/Sobrenome/), { target: { value: 'Moreira' } });
    fireEvent.change(textbox(/CPF \/ documento/), { target: { value: '52998224725' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Li e aceito os/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Confirmo que tenho 18 anos ou mais' }));
    submit();
    expect(await screen.findByText('Escolha ao menos uma marca da empresa/agência')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Bolt' }));
    await waitFor(() =>
      expect(screen.queryByText('Escolha ao menos uma marca da empresa/agência')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'MegaLoja' }));
    const stores = await screen.findByRole('group', { name: /Lojas da rede MegaLoja/ });
    fireEvent.click(within(stores).getByRole('checkbox', { name: /MegaLoja Paulista/ }));
    submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      firstName: 'Paula',
      lastName: 'Moreira',
      document: '529.982.247-25',
      country: 'BRA',
      acceptTerms: true,
      confirmAdult: true,
      companyId: 1,
      brandIds: [11],
      retailChainIds: [5],
      storeIds: [51],
    });
  });
});
