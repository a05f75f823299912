import { expect, loginAs, test } from './support';

// The server of the journeys issues access tokens that live 5 seconds (playwright.config.ts).
test('an expired access token is refreshed and the request replayed without the user noticing', async ({
  page,
}) => {
  await loginAs(page);
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza!' })).toBeVisible();
  // The refresh token is a cookie no page script can read, sent only to the token endpoint.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'trilha_refresh');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/o/token/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('trilha_refresh');
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(cookie!.value);

  const events: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/o/token/' || url.pathname.startsWith('/api/session')) {
      events.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    } else if (url.pathname.startsWith('/api/') && response.status() === 401) {
      events.push(`${response.request().method()} /api/… 401`);
    }
  });
  const refreshBodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/o/token/') refreshBodies.push(request.postData() ?? '');
  });

  await page.waitForTimeout(6_500);

  // Two calls at once with the expired token: the session reload and a language change.
  await page.reload();
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitemradio', { name: 'English (US)' }).click();

  await expect(page.getByRole('heading', { name: 'Hello, Ana Souza!' })).toBeVisible();
  await expect.poll(() => events.filter((e) => e.startsWith('PUT /api/session/language 200')).length).toBe(1);
  // Whichever call went first with the expired token (the session reload or a guard's read) got a 401.
  expect(events.some((e) => e.endsWith(' 401'))).toBe(true);
  expect(events.filter((e) => e.startsWith('POST /o/token/'))).toEqual(['POST /o/token/ 200']);
  expect(refreshBodies).toHaveLength(1);
  expect(refreshBodies[0]).toBe('grant_type=refresh_token');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toHaveCount(0);
});

test('a session whose refresh fails ends on the login screen', async ({ page }) => {
  await loginAs(page);
  // The refresh token has been revoked (signed out elsewhere, or reused): the server refuses it.
  await page.route('**/o/token/', (route) =>
    route.request().postData()?.includes('grant_type=refresh_token')
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'invalid_grant',
            error_description: 'Sua sessão expirou.',
            code: 'AUTH_INVALID_REFRESH',
          }),
        })
      : route.continue(),
  );
  await page.waitForTimeout(6_500);
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
  await expect(page.getByText('Sua sessão terminou. Entre novamente para continuar.')).toBeVisible();
});
