import { expect, test, type Page } from '@playwright/test';
import { makeValidCpf } from '@trilha/domain/document';
import { lastMessage } from './accounts-mailbox';
import { submitLogin, users } from './support';

const stamp = Date.now().toString().slice(-8);
const email = `joana.${stamp}@example.com`;
const cpf = makeValidCpf(`3${stamp}`);
const phone = `(11) 9${stamp.slice(0, 4)}-${stamp.slice(4, 8)}`;
const e164 = `+55119${stamp}`;

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel(/^Nova senha/).fill(password);
  await expect(page.getByText('Força da senha: forte')).toBeVisible();
  await page.getByLabel('Confirme a nova senha').fill(password);
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page.getByRole('heading', { name: 'Senha definida' })).toBeVisible();
}

test.describe.serial('accounts journeys', () => {
  test('register, receive the e-mail, set the password, sign in', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Aceitar todos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Cadastro — Aurora Varejo/ })).toBeVisible();
    await page.getByRole('textbox', { name: /^Nome/ }).fill('Joana');
    await page.getByLabel('Sobrenome').fill('Lima');
    await page.getByLabel('CPF / documento').fill('111.111.111-11');
    await page.getByRole('button', { name: 'Criar cadastro' }).click();
    await expect(page.getByText('Documento inválido')).toBeVisible();
    await expect(page.getByText('Aceite os termos e condições para continuar')).toBeVisible();

    await page.getByLabel('CPF / documento').fill(cpf);
    await expect(page.getByLabel('CPF / documento')).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await page.getByLabel('Confirme o e-mail').fill(email);
    await page.getByLabel('Celular').fill(phone);
    await page.getByRole('radio', { name: 'Vendedor(a)' }).check();
    await page.getByRole('checkbox', { name: /Li e aceito os/ }).check();
    await page.getByRole('checkbox', { name: 'Confirmo que tenho 18 anos ou mais' }).check();
    await page.getByRole('button', { name: 'Criar cadastro' }).click();
    await expect(page).toHaveURL(/\/register-success$/);
    await expect(page.getByText(/Enviamos um link para jo\*+@example\.com/)).toBeVisible();

    const body = await lastMessage(email, 'set_password');
    const link = /https?:\/\/[^\s/]+(\/set-password\/\S+)/.exec(body)![1]!;
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Crie sua senha' })).toBeVisible();
    await setNewPassword(page, 'Joana@Senha2026');

    await page.goto(link);
    await expect(page.getByText('Este link já foi usado. Solicite um novo.')).toBeVisible();

    await page.goto('/');
    await submitLogin(page, email, 'Joana@Senha2026');
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Pular' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('recover the password with a code sent by SMS', async ({ page }) => {
    await page.goto('/request-password');
    await page.getByText('Código por SMS/WhatsApp').click();
    await page.getByLabel('CPF / documento').fill(cpf);
    await page.getByRole('button', { name: 'Buscar telefones' }).click();
    await expect(page.getByText(`Telefone cadastrado: +55 *******${stamp.slice(4)}`)).toBeVisible();
    await page.getByLabel('Digite o número completo').fill('(11) 91234-0000');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText('O número informado não confere com o cadastrado.')).toBeVisible();
    await page.getByLabel('Digite o número completo').fill(phone);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText(/Enviamos um código de 6 dígitos/)).toBeVisible();
    await expect(page.getByText(/Você poderá pedir um novo código em \d+ s/)).toBeVisible();

    // The cooldown survives a reload, and the code already sent can still be typed.
    await page.reload();
    await page.getByText('Código por SMS/WhatsApp').click();
    await page.getByLabel('CPF / documento').fill(cpf);
    await page.getByRole('button', { name: 'Buscar telefones' }).click();
    await expect(page.getByText(/Você poderá pedir um novo código em \d+ s/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar código' })).toBeDisabled();
    await expect(page.getByText(/Um código foi enviado há pouco/)).toBeVisible();

    const sms = await lastMessage(e164, 'recovery_code');
    const code = /(\d{6})/.exec(sms)![1]!;
    await page.getByLabel('Código de verificação').first().click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Validar código' }).click();
    await expect(page).toHaveURL(/\/recover-password\//);
    await setNewPassword(page, 'Nova@Senha2027');
    await page.goto('/');
    await submitLogin(page, email, 'Nova@Senha2027');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a blocked user is refused at login', async ({ page }) => {
    await page.goto('/');
    await submitLogin(page, users.blocked.email);
    await expect(page.getByRole('alert')).toContainText('Usuário bloqueado');
    await expect(page).toHaveURL(/\/$/);
  });
});
