import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCommonStore } from '../../../lib/session-store';
import { json, loginConfig, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';

function signedIn() {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: session(),
  });
}

const steps = (list: string[], missing: string[] = []) =>
  mockApi(
    (url) => (url === '/api/accounts/me/pending-steps' ? json({ steps: list, missing }) : undefined),
    (url) => (url === '/api/session' ? json(session()) : undefined),
    (url) =>
      url === '/api/site/login-config' ? json(loginConfig({ passwordStrength: 'medium' })) : undefined,
  );

describe('pending steps after login', () => {
  it('sends a user who must change the password to the change screen, whatever page was asked', async () => {
    signedIn();
    steps(['change_password', 'onboarding']);
    const { router } = renderApp('/trails');
    await settledAt(router, '/change-password');
    expect(await screen.findByRole('heading', { name: 'Troque sua senha' })).toBeTruthy();
    expect(screen.getByLabelText(/^Senha atual/)).toBeTruthy();
  });

  it('sends a user who lacks registration data to complete-register', async () => {
    signedIn();
    steps(['complete_register'], ['affiliation']);
    const { router } = renderApp('/home');
    await settledAt(router, '/complete-register');
  });

  it('lets a user with nothing pending in', async () => {
    signedIn();
    steps([]);
    const { router } = renderApp('/home');
    await settledAt(router, '/home');
  });
});
