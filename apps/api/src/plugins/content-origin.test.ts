import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, login } from '../../test/http';
import {
  demoAssetDir,
  learningWorld,
  makeCourse,
  threePagePdf,
  type World,
} from '../../test/learning-helpers';
import { zipScormFolder } from '../modules/learning/scorm/zip-folder';
import { contentOriginSettings } from './content-origin';

// The test config: app at localhost:3000 (PUBLIC_URL), content listener on 3001 under the other name.
const APP = 'http://localhost:3000';
const CONTENT = 'http://127.0.0.1:3001';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t.close();
});

const player = async (courseId: number, headers: Record<string, string>) => {
  const res = await t.app.inject({ url: `/api/learning/courses/${courseId}/activities/1.1`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { content: { url?: string; launchUrl?: string } };
};

async function scormCourse(mode: 'open' | 'enrollment' = 'open') {
  const zip = Buffer.from(zipScormFolder(demoAssetDir('scorm/retail-basics-scorm12')));
  return makeCourse(t, w, {
    course: { title: 'Pacote isolado', subscriptionMode: mode },
    activities: [{ kind: 'scorm', title: 'Atendimento', file: { data: zip, name: 'pacote.zip' } }],
  });
}

describe('content origin', () => {
  it('defaults to the other loopback name on the next port, and takes CONTENT_ORIGIN when set', () => {
    expect(contentOriginSettings(t.config)).toMatchObject({ origin: CONTENT, port: 3001 });
    expect(contentOriginSettings(t.config).appOrigins).toContain(APP);
    const custom = contentOriginSettings({
      ...t.config,
      CONTENT_ORIGIN: 'https://content.example.com/',
      CONTENT_PORT: 0,
      API_ALLOWED_ORIGINS: 'https://admin.example.com',
    });
    expect(custom).toMatchObject({ origin: 'https://content.example.com', port: null });
    expect(custom.appOrigins).toContain('https://admin.example.com');
    // Vite's dev server frames content in development, but never gets to write cross-origin.
    const dev = contentOriginSettings({ ...t.config, NODE_ENV: 'development' });
    expect(dev.frameOrigins).toContain('http://localhost:5173');
    expect(dev.appOrigins).not.toContain('http://localhost:5173');
  });

  it('serves a SCORM package only on the content origin, with the bridge first and its own policy', async () => {
    const course = await scormCourse();
    const { launchUrl } = (await player(course.id, w.as.learner)).content;
    expect(launchUrl?.startsWith(`${CONTENT}/api/learning/content/`)).toBe(true);
    const path = launchUrl!.slice(CONTENT.length);

    // Opened on the app's origin, it is never rendered there: a redirect to the content origin.
    const onApp = await t.app.inject({ url: `${APP}${path}` });
    expect(onApp.statusCode).toBe(302);
    expect(onApp.headers.location).toBe(`${CONTENT}${path}`);
    expect(onApp.body).toBe('');

    const launch = await t.app.inject({ url: launchUrl!, headers: { origin: APP } });
    expect(launch.statusCode).toBe(200);
    const html = launch.body;
    const bridgeAt = html.indexOf('<script src="/api/learning/content-bridge/scorm-bridge.js"></script>');
    expect(bridgeAt).toBeGreaterThan(0);
    expect(bridgeAt).toBeLessThan(html.indexOf('assets/tracking.js'));
    const csp = launch.headers['content-security-policy'] as string;
    // The package may ask "resume where you left?" (allow-modals); no pop-ups, top navigation or plugins.
    expect(csp).toContain('sandbox allow-scripts allow-same-origin allow-forms allow-modals;');
    expect(csp).not.toMatch(/allow-(popups|top-navigation|pointer-lock|downloads)/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`frame-ancestors ${APP}`);
    expect(launch.headers['x-frame-options']).toBeUndefined();
    expect(launch.headers['access-control-allow-origin']).toBe(APP);

    const bridge = await t.app.inject({ url: `${CONTENT}/api/learning/content-bridge/scorm-bridge.js` });
    expect(bridge.statusCode).toBe(200);
    expect(bridge.headers['content-type']).toContain('text/javascript');
    expect(bridge.body).toContain('API_1484_11');
    // The bridge is content too: the app's origin does not serve it.
    expect(
      (await t.app.inject({ url: `${APP}/api/learning/content-bridge/scorm-bridge.js` })).statusCode,
    ).toBe(302);
  });

  it('answers nothing but content on the content origin: no API, no app, no docs', async () => {
    for (const url of ['/api/session', '/api/health', '/', '/courses/1', '/api/docs', '/o/token/']) {
      const res = await t.app.inject({ url: `${CONTENT}${url}`, headers: w.as.learner });
      expect(res.statusCode, url).toBe(404);
    }
    const write = await t.app.inject({
      method: 'POST',
      url: `${CONTENT}/api/learning/courses/1/enrollment`,
      headers: w.as.learner,
    });
    expect(write.statusCode).toBe(404);
  });

  it('gives the app a policy that runs scripts only from its assets and frames only the content origin', async () => {
    const res = await t.app.inject({ url: `${APP}/api/health` });
    const csp = res.headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe(`script-src ${APP}/assets/`);
    expect(directive('frame-src')).toContain(CONTENT);
    expect(directive('frame-src')).not.toContain("'self'");
    expect(directive('frame-src')).not.toContain(APP);
  });
});

describe('cross-origin writes', () => {
  const enroll = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `${APP}/api/learning/courses/999999/enrollment`,
      headers: { ...w.as.learner, ...headers },
    });

  it('refuses writes from the content origin, a sandboxed frame or another site', async () => {
    for (const origin of [CONTENT, 'null', 'https://evil.example', 'http://localhost:3001']) {
      const res = await enroll({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    // A browser that names only the fetch site: two ports of one host are the same site, not the same origin.
    expect((await enroll({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await enroll({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('lets the app itself and server-to-server calls (no Origin) through', async () => {
    // 404: the course does not exist, so the request reached the route.
    expect((await enroll({ origin: APP, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(404);
    expect((await enroll({})).statusCode).toBe(404);
    const token = await t.app.inject({
      method: 'POST',
      url: '/o/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'grant_type=password&username=x&password=y',
    });
    expect(token.statusCode).toBe(403);
    expect(token.json()).toMatchObject({ error: 'invalid_request', code: 'FORBIDDEN' });
  });

  it('accepts a configured origin', async () => {
    const other = await buildTestApp({ API_ALLOWED_ORIGINS: 'https://admin.example.com' });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'https://admin.example.com', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('signed content URLs', () => {
  it('stop working when their login ends, not when another one does', async () => {
    const course = await makeCourse(t, w, {
      course: { title: 'Arquivo' },
      activities: [{ kind: 'pdf', title: 'PDF', file: { data: threePagePdf(), name: 'a.pdf' } }],
    });
    const second = bearer((await login(t, w.learner.username)).access_token);
    const mine = (await player(course.id, second)).content.url!;
    const theirs = (await player(course.id, w.as.learner)).content.url!;
    expect(mine).not.toBe(theirs);
    expect((await t.app.inject({ url: mine })).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: second });
    expect(logout.statusCode).toBeLessThan(300);
    const ended = await t.app.inject({ url: mine });
    expect(ended.statusCode).toBe(403);
    expect(ended.json().error.code).toBe('LEARNING_CONTENT_LINK_EXPIRED');
    // The other login's URL still works.
    expect((await t.app.inject({ url: theirs })).statusCode).toBe(200);
  });

  it('stop working once the user is blocked (every session ended) or unenrolled', async () => {
    const course = await scormCourse('enrollment');
    const learner = bearer((await login(t, w.learner.username)).access_token);
    const enroll = await t.app.inject({
      method: 'POST',
      url: `/api/learning/courses/${course.id}/enrollment`,
      headers: learner,
    });
    expect(enroll.statusCode, enroll.body).toBe(200);
    const url = (await player(course.id, learner)).content.launchUrl!;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const unenroll = await t.app.inject({
      method: 'DELETE',
      url: `/api/learning/courses/${course.id}/enrollment`,
      headers: learner,
    });
    expect(unenroll.statusCode, unenroll.body).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(403);

    const file = await makeCourse(t, w, {
      activities: [{ kind: 'pdf', title: 'PDF', file: { data: threePagePdf(), name: 'a.pdf' } }],
    });
    const fileUrl = (await player(file.id, learner)).content.url!;
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(200);
    await t.services.auth.revokeAllSessions(w.learner.id, 'blocked');
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(403);
    w.as.learner = bearer((await login(t, w.learner.username)).access_token);
  });

  it('last an hour by default, a fraction of the old four', () => {
    expect(t.config.LEARNING_CONTENT_URL_TTL_SECONDS).toBeLessThanOrEqual(3600);
  });
});
