import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RoleName } from '@trilha/contracts/session';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { client, json, session } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { NotificationsSection } from './notifications-section';

function renderIn(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const url = '/api/profile/notification-preferences';
const none = { awards: false, certificate_expiry: false, adjustments: false, reconciliation: false };

function signedInAs(roles: RoleName[]) {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: session({ clients: [client({ roles })] }),
  });
}

describe('notifications section of the profile', () => {
  it('shows a labelled switch per group, saves every choice and says so', async () => {
    signedInAs(['sales_agent']);
    let stored = { email: { ...none, adjustments: true } };
    const { calls } = mockApi((u, init) => {
      if (u !== url) return undefined;
      if (init?.method === 'PUT') {
        stored = JSON.parse(String(init.body)) as typeof stored;
        return json(stored);
      }
      return json(stored);
    });
    renderIn(<NotificationsSection />);

    expect(screen.getByRole('region', { name: 'Notificações' })).toBeTruthy();
    const awards = await screen.findByRole('switch', { name: /^Conquistas/ });
    expect((awards as HTMLInputElement).checked).toBe(false);
    const adjustments = screen.getByRole('switch', { name: /^Ajustes de saldo/ }) as HTMLInputElement;
    expect(adjustments.checked).toBe(true);
    expect(screen.getByRole('switch', { name: /^Certificados perto de vencer/ })).toBeTruthy();
    // The points check is told to program administrators only: a learner has no switch for it.
    expect(screen.queryByRole('switch', { name: /^Conferência de pontos/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Também por e-mail' })).toBeTruthy();

    const save = screen.getByRole('button', { name: 'Salvar notificações' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(awards);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Notificações salvas.')).toBeTruthy();
    const put = calls.find((c) => c.url === url && c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      email: { ...none, awards: true, adjustments: true },
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Salvar notificações' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    expect((screen.getByRole('switch', { name: /^Conquistas/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers the points check to a program administrator', async () => {
    signedInAs(['program_admin']);
    mockApi((u) => (u === url ? json({ email: { ...none, reconciliation: true } }) : undefined));
    renderIn(<NotificationsSection />);
    const reconciliation = await screen.findByRole('switch', { name: /^Conferência de pontos/ });
    expect((reconciliation as HTMLInputElement).checked).toBe(true);
  });

  it('says when the choices cannot be read, and tries again on request', async () => {
    signedInAs(['sales_agent']);
    let fail = true;
    mockApi((u) => {
      if (u !== url) return undefined;
      return fail ? json({ error: { code: 'FORBIDDEN', message: 'no' } }, 403) : json({ email: none });
    });
    renderIn(<NotificationsSection />);
    expect(await screen.findByText('Não foi possível carregar suas notificações.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('switch', { name: /^Conquistas/ })).toBeTruthy();
  });

  it('keeps the choices and shows the error when saving fails', async () => {
    signedInAs(['sales_agent']);
    mockApi((u, init) => {
      if (u !== url) return undefined;
      return init?.method === 'PUT'
        ? json({ error: { code: 'VALIDATION_FAILED', message: 'invalid' } }, 400)
        : json({ email: none });
    });
    renderIn(<NotificationsSection />);
    fireEvent.click(await screen.findByRole('switch', { name: /^Ajustes de saldo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar notificações' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect((screen.getByRole('switch', { name: /^Ajustes de saldo/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Salvar notificações' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
