import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentActivityKinds,
  fileGroups,
  type CourseDetail,
  type CourseListPage,
  type PlayerPayload,
  type TrailListPage,
} from '@trilha/contracts/learning';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { clients } from '../schema/core';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { createLearningDemoSeeder } from './learning-demo';
import { runSeeders } from './run-seeders';

let t: TestApp;
let as: { authorization: string };
const clientIds: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder]);
  await runSeeders(t.database.db, [
    createLearningDemoSeeder({
      storage: t.deps.storage,
      maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024,
    }),
  ]);
  for (const c of await t.database.db.select().from(clients)) clientIds[c.slug] = c.id;
  as = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ url, headers: as });
async function json<T>(url: string): Promise<T> {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
async function selectClient(slug: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/session/client',
    headers: as,
    payload: { clientId: clientIds[slug] },
  });
  expect(res.statusCode).toBe(200);
}
const courseList = () => json<CourseListPage>('/api/learning/courses?pageSize=100');
const byTitle = (page: CourseListPage, title: string) => {
  const item = page.items.find((c) => c.title === title);
  if (!item) throw new Error(`no course "${title}" in ${page.items.map((c) => c.title).join(', ')}`);
  return item;
};

/** Fetches a signed content URL (no bearer token: the signature is the grant). */
async function fetchContent(url: string, expectedType: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toContain(expectedType);
  expect(res.rawPayload.length, url).toBeGreaterThan(0);
  return res;
}

describe('learning demo seed', () => {
  it('runs once: a second run on the same database adds nothing', async () => {
    await runSeeders(t.database.db, [createLearningDemoSeeder({ storage: t.deps.storage })]);
    const page = await courseList();
    expect(page.items.filter((c) => c.title === 'Atendimento que encanta')).toHaveLength(1);
  });

  it("lists Aurora's courses with covers, progress and locks, and hides the one for regional managers", async () => {
    const page = await courseList();
    expect(page.items.map((c) => c.title).sort()).toEqual(
      [
        'Atendimento que encanta',
        'Comunicação não violenta',
        'Experiência do cliente',
        'Gestão do tempo',
        'Merchandising no ponto de venda',
        'Pós-venda e fidelização',
        'Técnicas de negociação',
        'Vendas consultivas',
      ].sort(),
    );
    for (const c of page.items) {
      expect(c.coverUrl, c.title).toMatch(/^http:\/\/127\.0\.0\.1:3001\/api\/learning\/content\//);
      expect(c.category, c.title).not.toBeNull();
    }
    await fetchContent(page.items[0]!.coverUrl!, 'image/webp');

    expect(byTitle(page, 'Atendimento que encanta').progress).toMatchObject({
      status: 'finished',
      percent: 100,
    });
    expect(byTitle(page, 'Vendas consultivas').progress.status).toBe('in_progress');
    expect(byTitle(page, 'Técnicas de negociação').lock).toMatchObject({
      locked: true,
      reason: 'prerequisite',
    });
    expect(byTitle(page, 'Comunicação não violenta').lock).toMatchObject({
      locked: true,
      reason: 'enrollment_required',
    });
    expect(byTitle(page, 'Pós-venda e fidelização').enrollment).toMatchObject({
      state: 'enrolled',
      mode: 'assigned',
      canUnenroll: false,
    });
    expect(byTitle(page, 'Experiência do cliente').favorite).toBe(true);
    expect(page.counts).toMatchObject({ finished: 1, inProgress: 1 });

    const trails = await json<TrailListPage>('/api/learning/trails');
    expect(trails.items.map((x) => x.title).sort()).toEqual(
      ['Excelência na loja', 'Trilha do consultor de vendas'].sort(),
    );
    const consultor = trails.items.find((x) => x.title === 'Trilha do consultor de vendas')!;
    expect(consultor).toMatchObject({ itemCount: 4, enrollment: { state: 'enrolled' } });
    expect(consultor.progress.status).toBe('in_progress');
    for (const trail of trails.items) await fetchContent(trail.coverUrl!, 'image/webp');
  });

  it('offers every activity kind and file group, and serves each file with its type', async () => {
    const kinds = new Set<string>();
    const groups = new Set<string>();
    const served = new Set<string>();

    for (const slug of ['nimbus', 'aurora']) {
      await selectClient(slug);
      const page = await courseList();
      if (slug === 'nimbus') {
        expect(page.items.map((c) => c.title).sort()).toEqual(
          ['Notebooks para o dia a dia', 'Produtos premium', 'Segurança da informação'].sort(),
        );
      }
      for (const card of page.items) {
        // Courses that need enrollment are enrolled into, so their files can be checked too.
        if (card.lock.reason === 'enrollment_required') {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/learning/courses/${card.id}/enrollment`,
            headers: as,
          });
          expect(res.statusCode).toBe(200);
        }
        const detail = await json<CourseDetail>(`/api/learning/courses/${card.id}`);
        for (const activity of detail.modules.flatMap((m) => m.activities)) {
          kinds.add(activity.kind);
          const player = await json<PlayerPayload>(
            `/api/learning/courses/${card.id}/activities/${activity.hierarchyOrder}`,
          );
          const c = player.content;
          if (!c) continue;
          if (c.kind === 'file' || c.kind === 'ppt') groups.add(c.fileGroup);
          if (c.kind === 'pdf') await fetchContent(c.url, 'application/pdf');
          if (c.kind === 'video' || c.kind === 'audio') await fetchContent(c.url, c.mime);
          if (c.kind === 'file' || c.kind === 'ppt') await fetchContent(c.url, c.mime);
          if (c.kind === 'html') await fetchContent(c.url, 'text/html');
          if (c.kind === 'wowza') {
            const playlist = await fetchContent(c.hlsUrl, 'application/vnd.apple.mpegurl');
            expect(playlist.body).toContain('segment-000.ts');
            await fetchContent(new URL('segment-000.ts', c.hlsUrl).href, 'video/mp2t');
          }
          if (c.kind === 'youtube') expect(c.videoId).toBe('aqz-KE-bpKQ');
          if (c.kind === 'vimeo') expect(c.videoId).toBe('76979871');
          if (c.kind === 'slideshare') expect(c.embedUrl).toMatch(/^https:\/\/www\.slideshare\.net\//);
          if (c.kind === 'flash') {
            expect(c).toMatchObject({ supported: false, fileName: 'simulador-de-gondola.swf' });
            // A download goes through the signed-in route that records it (docs/completion.md).
            await fetchContent(c.downloadUrl!, 'application/x-shockwave-flash', as);
          }
          if (c.kind === 'scorm') kinds.add(`scorm ${c.version}`);
          served.add(c.kind);
        }
      }
    }
    expect([...kinds].sort()).toEqual([...contentActivityKinds, 'scorm 1.2', 'scorm 2004'].sort());
    expect([...served].sort()).toEqual([...contentActivityKinds].sort());
    expect([...groups].sort()).toEqual([...fileGroups].sort());
  });

  it('resolves the SCORM player payloads, with the saved runtime data to resume from', async () => {
    await selectClient('aurora');
    const aurora = await courseList();
    const retail = await json<PlayerPayload>(
      `/api/learning/courses/${byTitle(aurora, 'Atendimento que encanta').id}/activities/2.1`,
    );
    expect(retail.activity.progress).toMatchObject({ status: 'finished', success: 'passed', score: 100 });
    // Passed and left normally: the attempt is over, and the lesson opens for review (no retake allowed).
    expect(retail.content).toMatchObject({
      kind: 'scorm',
      version: '1.2',
      entry: '',
      mode: 'review',
      attempt: 1,
      cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.lesson_mode': 'review' },
    });
    if (retail.content?.kind !== 'scorm') throw new Error('not scorm');
    const launch = await fetchContent(retail.content.launchUrl, 'text/html');
    expect(launch.headers['content-security-policy']).toContain('sandbox');
    expect(launch.body).toContain('Atendimento ao cliente no varejo');
    await fetchContent(new URL('assets/tracking.js', retail.content.launchUrl).href, 'javascript');

    await selectClient('nimbus');
    const nimbus = await courseList();
    const notebooks = await json<PlayerPayload>(
      `/api/learning/courses/${byTitle(nimbus, 'Notebooks para o dia a dia').id}/activities/1.1`,
    );
    expect(notebooks.activity.progress.status).toBe('in_progress');
    expect(notebooks.content).toMatchObject({
      kind: 'scorm',
      version: '2004',
      entry: 'resume',
      cmi: { 'cmi.location': '3' },
    });
    if (notebooks.content?.kind !== 'scorm') throw new Error('not scorm');
    await fetchContent(notebooks.content.launchUrl, 'text/html');
    await selectClient('aurora');
  });

  it('keeps the locks of the demo: previous activities, instructor authorization, prerequisite', async () => {
    const page = await courseList();
    const vendas = await json<PlayerPayload>(
      `/api/learning/courses/${byTitle(page, 'Vendas consultivas').id}/activities/1.4`,
    );
    expect(vendas.activity.lock).toMatchObject({ locked: true, reason: 'previous_activities' });
    expect(vendas.content).toBeNull();
    const merch = await json<PlayerPayload>(
      `/api/learning/courses/${byTitle(page, 'Merchandising no ponto de venda').id}/activities/3.1`,
    );
    expect(merch.activity.lock).toMatchObject({ locked: true, reason: 'awaiting_authorization' });
    const negotiation = await json<CourseDetail>(
      `/api/learning/courses/${byTitle(page, 'Técnicas de negociação').id}`,
    );
    expect(negotiation.lock.prerequisites).toEqual([
      expect.objectContaining({ title: 'Vendas consultivas', finished: false }),
    ]);
  });
});
