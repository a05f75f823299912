import { expect, test, type Page } from '@playwright/test';
import { account, PASSWORD, resetAccount, submitLogin } from './support';

/** A PNG made in the page (no fixture file): a 640x400 two-colour picture. */
async function pngBuffer(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1c7ed6';
    ctx.fillRect(0, 0, 640, 400);
    ctx.fillStyle = '#f08c00';
    ctx.fillRect(220, 100, 200, 200);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

async function selectCompany(page: Page, name: string) {
  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Empresa' }).click();
  await page.getByRole('option', { name }).click();
  // The switch may take the user on to the company's own home route (Nimbus opens on its courses), so
  // the field can be gone by now: the header's brand link says which company is selected.
  await expect(page.getByRole('link', { name: `${name} — Início` })).toBeVisible();
}

async function signIn(page: Page, email: string) {
  // Other journeys change the account's language and selected company; these start from the defaults.
  await resetAccount(page.request, email, 'pt-BR');
  await page.goto('/');
  await page.getByRole('button', { name: 'Aceitar todos' }).click();
  await submitLogin(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/$/);
}

test('edits the profile and crops a new avatar', async ({ page }) => {
  await signIn(page, account('promoter'));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();

  const nickname = page.getByLabel('Apelido', { exact: true });
  await nickname.fill('Bruninho');
  const birthday = page.getByLabel('Data de nascimento');
  // Typed day first in Portuguese, whatever the browser's own date format.
  await birthday.fill('01012999');
  await expect(birthday).toHaveValue('01/01/2999');
  const personal = page.getByRole('region', { name: 'Dados pessoais' });
  await personal.getByRole('button', { name: 'Salvar' }).click();
  await expect(personal.getByText('Preencha o campo corretamente')).toBeVisible();
  await birthday.fill('31/02/1991');
  await personal.getByRole('button', { name: 'Salvar' }).click();
  await expect(personal.getByText('Preencha o campo corretamente')).toBeVisible();
  await birthday.fill('20/07/1991');
  await personal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Dados salvos.')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Trocar foto' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngBuffer(page) });
  const dialog = page.getByRole('dialog', { name: 'Ajuste sua foto' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('slider').press('ArrowRight');
  await dialog.getByRole('button', { name: 'Salvar foto' }).click();
  await expect(page.getByText('Foto atualizada.')).toBeVisible();
  const avatar = page.getByRole('img', { name: /Foto de Bruno/ });
  await expect(avatar).toHaveAttribute('src', /\/api\/profile\/avatars\/\d+-[a-f0-9]{32}$/);
  const size = await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([256, 256]);

  await page.reload();
  await expect(page.getByLabel('Apelido', { exact: true })).toHaveValue('Bruninho');
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('20/07/1991');
});

test('requests the deletion of the account', async ({ page }) => {
  await signIn(page, 'storeowner@demo.example');
  await page.goto('/profile?tab=account');
  await page.getByRole('button', { name: 'Solicitar exclusão da conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar exclusão da conta' });
  const confirm = dialog.getByRole('button', { name: 'Excluir minha conta' });
  await dialog.getByLabel('Seu nome').fill('Carla');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Seu nome').fill('carla mendes');
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
});

test('remembers the cookie choice across reloads', async ({ page }) => {
  await page.goto('/institutional/about');
  const banner = page.getByRole('region', { name: 'Aviso de cookies' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sobre a Trilha' })).toBeVisible();
  await banner.getByRole('button', { name: 'Preferências de cookies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferências de cookies' });
  await dialog.getByRole('switch', { name: 'Análise' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sobre a Trilha' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeHidden();
  await page.goto('/institutional/cookies_policy');
  await expect(page.getByRole('heading', { name: 'Política de cookies' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeHidden();
});

test('an administrator blocks a user in the back office', async ({ page, browser }) => {
  await signIn(page, account('admin'));
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  const moderator = account('moderator');
  await page.getByLabel('Buscar').fill(moderator);
  const row = page.getByRole('row').filter({ hasText: moderator });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Ações para/ }).click();
  await page.getByRole('menuitem', { name: 'Bloquear' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Bloquear' }).click();
  await expect(row.getByText('Bloqueado')).toBeVisible();

  const other = await browser.newPage({ locale: 'pt-BR' });
  await other.goto('/');
  await submitLogin(other, moderator, PASSWORD);
  await expect(other.getByRole('alert')).toContainText('Usuário bloqueado');
  await other.close();

  await row.getByRole('button', { name: /Ações para/ }).click();
  await page.getByRole('menuitem', { name: 'Desbloquear' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desbloquear' }).click();
  await expect(row.getByText('Ativo')).toBeVisible();
});

test('an administrator approves a pending account and processes a deletion request', async ({
  page,
  browser,
}) => {
  await signIn(page, account('admin'));
  // The account awaiting approval and the store owner are of Nimbus Tech; the back office works on the
  // selected company.
  await selectCompany(page, 'Nimbus Tech');
  await page.goto('/admin/users');
  await page.getByLabel('Buscar').fill('pending@demo');
  const row = page.getByRole('row').filter({ hasText: 'pending@demo.example' });
  await expect(row.getByText('Aguardando aprovação')).toBeVisible();
  await row.getByRole('button', { name: /Ações para/ }).click();
  await page.getByRole('menuitem', { name: 'Aprovar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
  await expect(row.getByText('Ativo')).toBeVisible();
  // Approved without a password yet: the administrator sends the link to create one.
  await row.getByRole('button', { name: /Ações para/ }).click();
  await page.getByRole('menuitem', { name: 'Enviar link de senha' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enviar link de senha' }).click();
  await expect(page.getByText('Link enviado para Otávio Barros.')).toBeVisible();

  // The deletion asked for by the store owner (also of Nimbus Tech) in the journey above.
  await page.goto('/admin/users/deletion-requests');
  const request = page.getByRole('row').filter({ hasText: 'Carla Mendes' });
  await request.getByRole('button', { name: 'Processar exclusão' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Processar exclusão' }).click();
  await expect(page.getByText('Conta anonimizada.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Carla Mendes' })).toHaveCount(0);

  const other = await browser.newPage({ locale: 'pt-BR' });
  await other.goto('/');
  await submitLogin(other, 'storeowner@demo.example', PASSWORD);
  await expect(other.getByRole('alert')).toBeVisible();
  await expect(other).toHaveURL(/\/$/);
  await other.close();
});
