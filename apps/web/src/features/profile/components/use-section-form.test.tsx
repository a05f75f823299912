import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { profileProfessionalBody, type ProfileResponse } from '@trilha/contracts/profile';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { json, session } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { useSectionForm } from './use-section-form';

function profile(professional: Partial<ProfileResponse['professional']> = {}): ProfileResponse {
  return {
    id: 7,
    username: 'maria',
    document: null,
    documentCountry: null,
    avatarUrl: null,
    fullName: 'Maria Silva',
    personal: {
      firstName: 'Maria',
      lastName: 'Silva',
      nickname: '',
      storeNickname: '',
      birthday: '',
      gender: '',
      maritalStatus: '',
      childrenCount: null,
      hasDisability: false,
      disabilityDescription: '',
    },
    contact: {
      email: 'maria@example.com',
      emailConfirmation: 'maria@example.com',
      cellPhone: '',
      commercialPhone: '',
      residentialPhone: '',
      communicationPhone: '',
      whatsappPhone: '',
      zipCode: '01310-100',
      street: 'Av. Paulista',
      number: '1000',
      complement: '',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      country: 'BRA',
    },
    professional: {
      profession: 'Vendedora',
      gminNumber: '',
      cadvCode: '',
      code: '',
      company: 'Acme',
      store: null,
      brand: null,
      branch: null,
      retailer: null,
      ...professional,
    },
    preferences: { timeZone: 'America/Sao_Paulo', languageCode: 'pt-BR', emailOptIn: true },
    phoneVerified: true,
    phoneCooldown: { startedAt: null, durationSeconds: 300 },
    passwordStrength: 'medium',
    deletionRequested: false,
  };
}

/** A form on the hook, shaped like the profile's section forms. */
function ProfessionalSection({ initial }: { initial: ProfileResponse }) {
  const { form, save, onSubmit, field, generalError } = useSectionForm({
    section: 'professional',
    schema: profileProfessionalBody,
    profile: initial,
    values: ({ professional: { profession, gminNumber, cadvCode, code } }) => ({
      profession,
      gminNumber,
      cadvCode,
      code,
    }),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextInput label="Profissão" {...field('profession')} />
      <TextInput label="Código" {...field('code')} />
      {generalError ? <p data-testid="general-error">{generalError}</p> : null}
      <button type="submit" disabled={!form.formState.isDirty || save.isPending}>
        Salvar
      </button>
    </form>
  );
}

function renderSection() {
  render(
    <AppProviders env="test">
      <ProfessionalSection initial={profile()} />
    </AppProviders>,
  );
}

const input = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Salvar' });

function edit(name: string, value: string) {
  fireEvent.change(input(name), { target: { value } });
}

const internal = 'Ocorreu um erro inesperado. Tente novamente.';

describe('useSectionForm', () => {
  afterEach(() => {
    notifications.clean();
  });

  it('saves the section, resets the form to what the server kept and says so', async () => {
    const { calls } = mockApi(
      (url, init) =>
        url === '/api/profile/professional' && init?.method === 'PUT'
          ? json(profile({ profession: 'Gerente de loja', code: 'G-1' }))
          : undefined,
      (url) => (url === '/api/session' ? json(session()) : undefined),
    );
    renderSection();
    expect(saveButton().disabled).toBe(true);

    edit('Profissão', '  Gerente de loja  ');
    edit('Código', 'g-1');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());

    expect(await screen.findByText('Dados salvos.')).toBeTruthy();
    const put = calls.find((c) => c.url === '/api/profile/professional');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      profession: 'Gerente de loja',
      gminNumber: '',
      cadvCode: '',
      code: 'g-1',
    });
    expect(input('Profissão').value).toBe('Gerente de loja');
    expect(input('Código').value).toBe('G-1');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.queryByTestId('general-error')).toBeNull();
  });

  it("puts the server's field errors on their fields, a message that is not a code as the profile's text", async () => {
    mockApi((url) =>
      url === '/api/profile/professional'
        ? json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Invalid',
                details: [
                  { path: 'code', code: 'PROFILE_TEXT_TOO_LONG' },
                  { path: 'profession', code: 'not a code' },
                ],
              },
            },
            400,
          )
        : undefined,
    );
    renderSection();
    edit('Código', 'x'.repeat(10));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());

    expect(await screen.findByText('Seu texto tem mais que 256 caracteres')).toBeTruthy();
    expect(input('Código').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Preencha o campo corretamente')).toBeTruthy();
    expect(input('Profissão').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Código'));
    expect(screen.queryByTestId('general-error')).toBeNull();
    expect(screen.queryByText('Dados salvos.')).toBeNull();
  });

  it('gives a failure without field errors as the general error, for the form to show', async () => {
    mockApi((url) =>
      url === '/api/profile/professional'
        ? json({ error: { code: 'INTERNAL', message: 'Oops' } }, 500)
        : undefined,
    );
    renderSection();
    edit('Profissão', 'Gerente');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());

    expect((await screen.findByTestId('general-error')).textContent).toBe(internal);
    expect(screen.queryByText('Dados salvos.')).toBeNull();
    expect(input('Profissão').getAttribute('aria-invalid')).not.toBe('true');
    expect(input('Profissão').value).toBe('Gerente');
  });
});
