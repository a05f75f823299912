import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, loginAs, resetAccount } from './support';

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

/** Serious and critical WCAG 2.1 A/AA violations on the page, each with the nodes it found. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map(
        (n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.any[0]?.message ?? n.failureSummary ?? ''}`,
      ),
    }));
}

/** An access token for API calls made beside the browser (in the account's selected company). */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const { clientId } = (await (await request.get('/api/site/oauth-client')).json()) as { clientId: string };
  const token = await request.post('/o/token/', {
    form: { grant_type: 'password', username: email, password: PASSWORD },
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:`).toString('base64')}` },
  });
  expect(token.ok()).toBe(true);
  return ((await token.json()) as { access_token: string }).access_token;
}

/** What the screens journey needs from the API's answers. */
export interface ActivityRef {
  courseId: number;
  order: string;
  kind: string;
  fileGroup: string | null;
  title: string;
}

interface CourseCard {
  id: number;
  title: string;
  lock: { locked: boolean };
  enrollment: { state: string };
  progress: { status: string };
}

interface CourseDetailBody extends CourseCard {
  publicSlug: string | null;
  modules: {
    activities: {
      hierarchyOrder: string;
      title: string;
      kind: string;
      fileGroup: string | null;
      lock: { locked: boolean };
    }[];
  }[];
}

/**
 * The learner's catalog as the API answers it: every open activity by kind (files by extension group),
 * a locked and an enrolled course, and a trail.
 */
export async function learnerCatalog(request: APIRequestContext, email: string) {
  const auth = { Authorization: `Bearer ${await apiToken(request, email)}` };
  const get = async <T>(url: string): Promise<T> => {
    const res = await request.get(url, { headers: auth });
    expect(res.ok(), url).toBe(true);
    return (await res.json()) as T;
  };
  const list = await get<{ items: CourseCard[] }>('/api/learning/courses?page=1&pageSize=48');
  const trails = await get<{ items: { id: number; title: string }[] }>(
    '/api/learning/trails?page=1&pageSize=48',
  );
  const activities = new Map<string, ActivityRef>();
  let publicSlug: string | null = null;
  for (const card of list.items) {
    const course = await get<CourseDetailBody>(`/api/learning/courses/${card.id}`);
    publicSlug ??= course.publicSlug;
    for (const module of course.modules) {
      for (const a of module.activities) {
        const key = a.kind === 'file' ? `file-${a.fileGroup ?? 'other'}` : a.kind;
        if (a.lock.locked || activities.has(key)) continue;
        activities.set(key, {
          courseId: card.id,
          order: a.hierarchyOrder,
          kind: a.kind,
          fileGroup: a.fileGroup,
          title: a.title,
        });
      }
    }
  }
  return {
    activities,
    locked: list.items.find((c) => c.lock.locked) ?? null,
    enrolled: list.items.find((c) => c.enrollment.state === 'enrolled') ?? null,
    trail: trails.items[0] ?? null,
    publicSlug,
  };
}
