import { expect, test } from '@playwright/test';
import { lastMessage } from './accounts-mailbox';
import { account, loginAs, users } from './support';

/**
 * The back office as each staff role meets it: only the areas the role can use, the superuser working in
 * a company's back office, and an outbox that never shows a password link.
 */
test.describe('staff back office', () => {
  test('a manager is offered only the areas it can use', async ({ page }) => {
    await loginAs(page, account('manager'));
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Navegação da área administrativa' });
    await expect(nav.getByRole('link', { name: 'Usuários e perfis' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Comunicações' })).toHaveCount(0);
    await page.goto('/admin/communications');
    await expect(page.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
  });

  test('the superuser uses a company’s back office', async ({ page }) => {
    await loginAs(page, account('superuser'));
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
    // Every worker's copy of the learner is named alike: any of them shows the list is there.
    await expect(page.getByRole('table').getByText(users.learner.name).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('support sees that a recovery link was sent, never the link', async ({ page, request }) => {
    // The moderator works in Aurora only, so the message is Aurora's.
    const moderator = account('moderator');
    const asked = await request.post('/api/etraining_login/api_recover_password', {
      data: { method: 'email', identifier: moderator },
    });
    expect(asked.ok()).toBe(true);
    // The moderator got it.
    expect(await lastMessage(moderator, 'recover_password')).toMatch(/\/recover-password\//);

    await loginAs(page, account('support'));
    await page.goto('/admin/communications');
    await expect(page.getByText('Links e códigos ficam ocultos')).toBeVisible();
    await page.getByLabel('Buscar destinatário ou assunto').fill(moderator);
    await expect(page.getByRole('table').getByText(moderator).first()).toBeVisible();
    await expect(page.getByRole('table').getByText('Recuperação de senha').first()).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('/recover-password/');
  });
});
