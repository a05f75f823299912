import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { i18n } from '../../../lib/i18n';
import { json } from '../../../test/fixtures';
import { mockApi, renderApp } from '../../../test/render-app';
import { PasswordStrengthHint } from './password-strength';

function Typed({ level }: { level: 'weak' | 'medium' | 'strong' }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label>
        Senha
        <input value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      </label>
      <PasswordStrengthHint password={value} level={level} />
    </>
  );
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Senha'), { target: { value } });
const metItems = () => screen.queryAllByText(/— atendido/).length;

describe('password strength hint', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  it('ticks the requirements of the strong level and names the strength as the user types; never good while refused', () => {
    render(
      <AppProviders env="test">
        <Typed level="strong" />
      </AppProviders>,
    );
    expect(screen.getByText('Força da senha: —')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(metItems()).toBe(0);

    type('abc');
    expect(screen.getByText('Força da senha: muito fraca')).toBeTruthy();
    expect(metItems()).toBe(1);

    type('abcdefgh');
    expect(screen.getByText('Força da senha: fraca')).toBeTruthy();
    expect(metItems()).toBe(2);

    type('Abcdefg1');
    expect(screen.getByText('Força da senha: razoável')).toBeTruthy();
    expect(metItems()).toBe(4);

    type('Abcde1!');
    expect(screen.getByText('Força da senha: muito fraca')).toBeTruthy();

    type('Abcdefg1!');
    expect(screen.getByText('Força da senha: forte')).toBeTruthy();
    expect(metItems()).toBe(5);
  });

  it('asks only the length at the weak level and upper, lower and digit at the medium one', () => {
    const { unmount } = render(
      <AppProviders env="test">
        <Typed level="weak" />
      </AppProviders>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Pelo menos 8 caracteres')).toBeTruthy();
    unmount();
    render(
      <AppProviders env="test">
        <Typed level="medium" />
      </AppProviders>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText(/Um símbolo/)).toBeNull();
  });

  it('is translated', async () => {
    await i18n.changeLanguage('fr');
    render(
      <AppProviders env="test">
        <Typed level="medium" />
      </AppProviders>,
    );
    type('Abcdefg1');
    expect(screen.getByText('Robustesse du mot de passe: bon')).toBeTruthy();
    expect(screen.getByText('Un chiffre')).toBeTruthy();
  });

  it('updates on the set-password screen while typing, and refuses a weak password', async () => {
    mockApi((url) =>
      url === '/api/accounts/password-links/check'
        ? json({ username: 'joana', firstName: 'Joana', purpose: 'set', passwordStrength: 'strong' })
        : undefined,
    );
    renderApp('/set-password/joana/MTI/abc-123');
    const input = await screen.findByLabelText(/^Nova senha/);
    fireEvent.change(input, { target: { value: 'Abcdefg1' } });
    expect(await screen.findByText('Força da senha: razoável')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar senha' }));
    expect(await screen.findByText('A senha não atende aos requisitos de segurança.')).toBeTruthy();
  });
});
