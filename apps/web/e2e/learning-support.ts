import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { expect, type Page } from '@playwright/test';
import { loginAs, resetAccount } from './support';

export const assets = path.resolve(import.meta.dirname, '../../api/demo-assets');

/** A SCORM demo folder as an in-memory zip, the way an author uploads a package. */
export function scormZip(folder: string): Buffer {
  const root = path.join(assets, 'scorm', folder);
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(root, full).split(path.sep).join('/')] = fs.readFileSync(full);
    }
  };
  walk(root);
  return Buffer.from(zipSync(files));
}

/** A zip that is not a SCORM package (no imsmanifest.xml). */
export function notScormZip(): Buffer {
  return Buffer.from(zipSync({ 'leia-me.txt': new TextEncoder().encode('Sem manifesto aqui.') }));
}

/** Signs in and dismisses the cookie banner, which would cover the bottom of the screens. */
export async function signIn(page: Page, username: string) {
  // Other journeys change the account's language; these read Portuguese texts.
  await resetAccount(page.request, username, 'pt-BR');
  await loginAs(page, username);
  const accept = page.getByRole('button', { name: 'Aceitar todos' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/** Picks an option of a Mantine Select by the field's label. */
export async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds an activity in the course editor's first module; uploads its file when given. */
export async function addActivity(
  page: Page,
  kind: string,
  title: string,
  file?: string | { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByTestId('add-activity').first().click();
  const dialog = page.getByRole('dialog');
  await choose(page, 'Tipo', kind);
  await dialog.getByTestId('activity-title').fill(title);
  await dialog.getByTestId('activity-save').click();
  if (file) {
    await dialog.locator('[data-testid="upload-dropzone"] input[type="file"]').setInputFiles(file);
    await expect(dialog.getByTestId('upload-current')).toBeVisible({ timeout: 30_000 });
  }
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
  await expect(page.getByTestId('admin-activity').filter({ hasText: title })).toBeVisible();
}
