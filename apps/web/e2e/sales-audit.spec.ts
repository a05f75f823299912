import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, PASSWORD, settled, submitLogin, test, users } from './support';

/**
 * The audit of sale reports (docs/sales.md, "Audit") at a phone's width: this worker's learner copy (no
 * history of its own; registered in Nimbus Tech's running campaign at Casa Digital Paulista by the levels
 * seeder) reports two sales through the API with the same invoice photo; the auditor finds them in the
 * queue flagged as the same image, approves one beside its photo and lines and rejects the other with a
 * reason, and the learner's points arrive. No sideways scrolling and no serious accessibility findings.
 * The auditor (`auditor@demo.example`) is used by this file only.
 */

test.use({ viewport: { width: 390, height: 844 } });

const AUDITOR = 'auditor@demo.example';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** A fresh token for the learner in Nimbus Tech (the journeys' tokens live 5 seconds). */
async function asLearnerInNimbus(request: APIRequestContext) {
  const { clientId } = (await (await request.get('/api/site/oauth-client')).json()) as { clientId: string };
  const token = await request.post('/o/token/', {
    form: { grant_type: 'password', username: users.learner.email, password: PASSWORD },
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:`).toString('base64')}` },
  });
  expect(token.ok()).toBe(true);
  const headers = {
    Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
  };
  const session = await request.put('/api/session/language', { data: { languageCode: 'pt-BR' }, headers });
  const { clients } = (await session.json()) as { clients: { id: number; slug: string }[] };
  const nimbus = clients.find((c) => c.slug === 'nimbus');
  expect(nimbus).toBeTruthy();
  expect((await request.put('/api/session/client', { data: { clientId: nimbus!.id }, headers })).ok()).toBe(
    true,
  );
  return headers;
}

async function learnerPoints(request: APIRequestContext) {
  const res = await request.get('/api/rewards/summary', { headers: await asLearnerInNimbus(request) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { points: number }).points;
}

test('the auditor sees the same-image flag, approves a sale beside its photo and the points arrive', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const worker = test.info().parallelIndex;
  const prefix = `AUD${worker}X${Date.now().toString(36).toUpperCase()}`;

  // The learner reports two sales with the same photo (a picture of its own for this run).
  let headers = await asLearnerInNimbus(request);
  const campaigns = (await (await request.get('/api/loyalty/campaigns', { headers })).json()) as {
    items: { id: number; status: string; registration: { status: string; storeId: number } | null }[];
  };
  const running = campaigns.items.find((c) => c.status === 'active' && c.registration?.status === 'active');
  expect(running).toBeTruthy();
  const table = (await (
    await request.get(`/api/loyalty/points-table?campaign=${running!.id}`, { headers })
  ).json()) as { items: { productId: number; points: number }[] };
  const product = table.items[0]!;
  const photo = await sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: (Date.now() % 200) + 20, g: worker * 60, b: 140 },
    },
  })
    .png()
    .toBuffer();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const before = await learnerPoints(request);
  for (const n of [1, 2]) {
    headers = await asLearnerInNimbus(request);
    const res = await request.post('/api/loyalty/sales', {
      headers: { ...headers, 'Idempotency-Key': `${prefix}-${n}` },
      multipart: {
        sale: JSON.stringify({
          campaignId: running!.id,
          storeId: running!.registration!.storeId,
          saleDate: today,
          invoiceNumber: `${prefix}-${n}`,
          observation: '',
          lines: [{ productId: product.productId, quantity: 2 }],
        }),
        photo: { name: 'nota.png', mimeType: 'image/png', buffer: photo },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The auditor works the queue on a phone.
  await page.goto('/?locale=pt-BR');
  await page
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(page, AUDITOR);
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoria de vendas e fotos' })).toBeVisible();
  await page.getByLabel('Número da nota').fill(prefix);
  const rows = page.getByTestId('audit-sale');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row.getByText('Mesma imagem já enviada')).toBeVisible();
  }
  await settled(page);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page), 'queue').toEqual([]);

  // The first sale: its photo beside its lines, approved.
  await page.getByRole('button', { name: `Abrir a venda da nota ${prefix}-1` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: `Foto da nota ${prefix}-1` })).toBeVisible();
  await expect(dialog.getByTestId('sale-lines')).toBeVisible();
  await expect(dialog.getByTestId('signals').getByText(new RegExp(`Nota ${prefix}-2`))).toBeVisible();
  await dialog.getByRole('button', { name: 'Aproximar' }).click();
  await expect(dialog.getByTestId('zoom-level')).toHaveText('Zoom 150%');
  expect(await seriousViolations(page), 'sale').toEqual([]);
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  const credited = dialog.getByTestId('credited');
  await expect(credited).toBeVisible();
  const points = Number(
    (/Creditado: ([\d.]+) pontos/.exec((await credited.textContent()) ?? '') ?? [])[1]?.replace(/\./g, ''),
  );
  expect(points).toBeGreaterThanOrEqual(product.points * 2);
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // The second, the same picture: rejected with a reason.
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Todas' }).click();
  await page.getByRole('button', { name: `Abrir a venda da nota ${prefix}-2` }).click();
  await dialog.getByRole('button', { name: 'Reprovar' }).click();
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Mesma foto de outra nota.');
  await dialog.getByRole('button', { name: 'Reprovar' }).click();
  await expect(dialog.getByText('Motivo da reprovação: Mesma foto de outra nota.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  // Both decided: the newer first.
  await expect(rows.getByTestId('sale-status')).toHaveText(['Reprovada', 'Aprovada']);

  // The learner's points arrived.
  expect(await learnerPoints(request)).toBe(before + points);
});

/**
 * The store photos' tab (docs/photos.md): the learner sends the same picture as this week's photo of two
 * free type-and-store pairs (never its registration's store, whose types the sales journey sends), the
 * auditor finds both flagged as the same image, approves the first beside its zoomable image and rejects
 * the second with a reason (which frees its week again); the learner's points arrive.
 */
test('the auditor approves a store photo and rejects its duplicate on the photos tab', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  let headers = await asLearnerInNimbus(request);
  const campaigns = (await (await request.get('/api/loyalty/campaigns', { headers })).json()) as {
    items: { id: number; status: string; registration: { status: string; storeId: number } | null }[];
  };
  const running = campaigns.items.find((c) => c.status === 'active' && c.registration?.status === 'active');
  expect(running).toBeTruthy();
  const stores = (await (
    await request.get(`/api/loyalty/stores?campaign=${running!.id}&pageSize=50`, { headers })
  ).json()) as { items: { id: number; name: string }[] };
  // Free pairs of this week, outside the registration's store.
  const free: { storeId: number; storeName: string; typeId: number; typeName: string; points: number }[] = [];
  for (const store of stores.items.filter((s) => s.id !== running!.registration!.storeId)) {
    if (free.length >= 2) break;
    headers = await asLearnerInNimbus(request);
    const week = (await (
      await request.get(`/api/loyalty/photos/week?campaign=${running!.id}&store=${store.id}`, { headers })
    ).json()) as { items: { photoType: { id: number; name: string; points: number }; photo: unknown }[] };
    for (const item of week.items.filter((i) => i.photo === null).slice(0, 2 - free.length)) {
      free.push({
        storeId: store.id,
        storeName: store.name,
        typeId: item.photoType.id,
        typeName: item.photoType.name,
        points: item.photoType.points,
      });
    }
  }
  expect(free, 'two free photo slots this week').toHaveLength(2);
  const image = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: Date.now() % 250, g: 90, b: 30 } },
  })
    .png()
    .toBuffer();
  const before = await learnerPoints(request);
  for (const [n, slot] of free.entries()) {
    headers = await asLearnerInNimbus(request);
    const res = await request.post('/api/loyalty/photos', {
      headers: { ...headers, 'Idempotency-Key': `PHA${test.info().parallelIndex}-${Date.now()}-${n}` },
      multipart: {
        photo: JSON.stringify({ campaignId: running!.id, storeId: slot.storeId, photoTypeId: slot.typeId }),
        image: { name: 'loja.png', mimeType: 'image/png', buffer: image },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/?locale=pt-BR');
  await page
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(page, AUDITOR);
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto('/admin/audit');
  await page.getByRole('tab', { name: 'Fotos' }).click();
  await expect(page).toHaveURL(/tab=photos/);
  const [first, second] = free as [(typeof free)[0], (typeof free)[0]];
  const open = (slot: typeof first) =>
    page
      .getByRole('button', { name: `Abrir a foto ${slot.typeName} · ${slot.storeName}`, exact: true })
      .first();
  // Newest first: the duplicate, then the first one; both carry the same-image badge.
  for (const slot of [first, second]) {
    const row = page.getByTestId('audit-photo').filter({ has: open(slot) });
    await expect(row.getByTestId('photo-same-image').first()).toHaveText(
      /^Mesma imagem em \d+ outras? fotos?$/,
    );
  }
  await settled(page);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page), 'photos queue').toEqual([]);

  await open(first).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('img', { name: `Foto ${first.typeName} da loja ${first.storeName}` }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Aproximar' }).click();
  await expect(dialog.getByTestId('zoom-level')).toHaveText('Zoom 150%');
  expect(await seriousViolations(page), 'photo').toEqual([]);
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText(`Foto ${first.typeName} da loja ${first.storeName} aprovada.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await open(second).click();
  await dialog.getByRole('button', { name: 'Reprovar' }).click();
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('A mesma foto de outra loja.');
  await dialog.getByRole('button', { name: 'Reprovar' }).click();
  await expect(
    page.getByText(`Foto ${second.typeName} da loja ${second.storeName} reprovada.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  expect(await learnerPoints(request)).toBe(before + first.points);
});
