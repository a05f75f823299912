import { zipSync } from 'fflate';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, signIn } from './learning-support';
import { resetAccount, seeded } from './support';

/**
 * A manager uploads a hostile SCORM package; an administrator opens it. Served from the content origin in
 * a sandboxed frame, the package must get nothing of the app: no storage, no cookies, no API, no top
 * window. It still finds the SCORM runtime (through the bridge) as every package does.
 */

const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="hostile" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG"><organization identifier="ORG"><title>Hostil</title>
    <item identifier="ITEM" identifierref="RES"><title>Hostil</title></item>
  </organization></organizations>
  <resources><resource identifier="RES" type="webcontent" adlcp:scormtype="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>`;

// Everything a script of the package could try against whoever opens it.
const hostilePage = `<!doctype html>
<html><head><meta charset="utf-8"><title>Hostil</title></head>
<body><pre id="out">running</pre>
<script>
(async function () {
  var app = (location.ancestorOrigins && location.ancestorOrigins[0]) || document.referrer.replace(/\\/[^/]*$/, '') || '';
  var r = { app: app };
  function attempt(name, fn) {
    try { r[name] = fn(); } catch (e) { r[name] = 'blocked'; }
  }
  attempt('ownLocalStorage', function () { return Object.keys(localStorage); });
  attempt('ownSessionStorage', function () { return Object.keys(sessionStorage); });
  attempt('ownCookies', function () { return document.cookie; });
  attempt('parentLocalStorage', function () { return Object.keys(window.parent.localStorage); });
  attempt('parentSessionStorage', function () { return Object.keys(window.parent.sessionStorage); });
  attempt('parentCookies', function () { return window.top.document.cookie; });
  attempt('parentIndexedDb', function () { return String(window.parent.indexedDB.databases); });
  try { r.ownIndexedDb = (await indexedDB.databases()).map(function (d) { return d.name; }); }
  catch (e) { r.ownIndexedDb = 'blocked'; }
  async function call(url, init) {
    try { var res = await fetch(url, init); return 'status ' + res.status + ': ' + (await res.text()).slice(0, 200); }
    catch (e) { return 'blocked'; }
  }
  r.sessionWithCookies = await call(app + '/api/session', { credentials: 'include' });
  r.sessionWithoutCookies = await call(app + '/api/session', { credentials: 'omit' });
  r.logoutWithCookies = await call(app + '/api/auth/logout', { method: 'POST', credentials: 'include' });
  r.refreshWithCookies = await call(app + '/o/token/', {
    method: 'POST', credentials: 'include', body: 'grant_type=refresh_token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  attempt('topNavigation', function () { window.top.location.href = app + '/hacked'; return 'navigated'; });
  r.scormApi = typeof window.API === 'object' && typeof window.API.LMSInitialize === 'function';
  document.getElementById('out').textContent = JSON.stringify(r);
  document.getElementById('out').setAttribute('data-done', 'true');
})();
</script></body></html>`;

function hostileZip(): Buffer {
  const enc = new TextEncoder();
  return Buffer.from(
    zipSync({ 'imsmanifest.xml': enc.encode(manifest), 'index.html': enc.encode(hostilePage) }),
  );
}

/** The manager builds and publishes a course whose only activity is the hostile package. */
async function publishHostileCourse(request: APIRequestContext): Promise<number> {
  await resetAccount(request, seeded.manager, 'pt-BR');
  const auth = { Authorization: `Bearer ${await apiToken(request, seeded.manager)}` };
  const course = await request.post('/api/admin/learning/courses', {
    headers: auth,
    data: { title: `Pacote hostil ${Date.now()}` },
  });
  expect(course.ok(), await course.text()).toBe(true);
  const courseId = ((await course.json()) as { id: number }).id;
  const withModule = await request.post(`/api/admin/learning/courses/${courseId}/modules`, {
    headers: auth,
    data: { title: 'Módulo' },
  });
  expect(withModule.ok()).toBe(true);
  const moduleId = ((await withModule.json()) as { modules: { id: number }[] }).modules[0]!.id;
  const withActivity = await request.post(`/api/admin/learning/modules/${moduleId}/activities`, {
    headers: auth,
    data: { kind: 'scorm', title: 'Pacote' },
  });
  expect(withActivity.ok()).toBe(true);
  const activityId = ((await withActivity.json()) as { modules: { activities: { id: number }[] }[] })
    .modules[0]!.activities[0]!.id;
  const upload = await request.post(`/api/admin/learning/activities/${activityId}/file`, {
    headers: auth,
    multipart: { file: { name: 'pacote.zip', mimeType: 'application/zip', buffer: hostileZip() } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const published = await request.put(`/api/admin/learning/courses/${courseId}/publish`, {
    headers: auth,
    data: { published: true },
  });
  expect(published.ok()).toBe(true);
  return courseId;
}

test('a hostile SCORM package opened by an administrator gets nothing of the app', async ({
  page,
  baseURL,
}) => {
  const courseId = await publishHostileCourse(page.request);
  await signIn(page, seeded.admin);
  const appOrigin = new URL(baseURL!).origin;
  // The app keeps state in this origin's storage and cookies: what the package must not reach.
  const appState = await page.evaluate(() => ({ local: localStorage.length, cookies: document.cookie }));
  expect(appState.local + appState.cookies.length).toBeGreaterThan(0);

  const playerUrl = `/courses/${courseId}/activities/1.1`;
  await page.goto(playerUrl);
  const frameElement = page.getByTestId('scorm-frame');
  await expect(frameElement).toBeVisible();
  const src = (await frameElement.getAttribute('src'))!;
  const contentOrigin = new URL(src).origin;
  expect(contentOrigin).not.toBe(appOrigin);
  expect(await frameElement.getAttribute('sandbox')).not.toContain('allow-top-navigation');

  const out = page.frameLocator('[data-testid="scorm-frame"]').locator('#out');
  await expect(out).toHaveAttribute('data-done', 'true', { timeout: 20_000 });
  const r = JSON.parse((await out.textContent())!) as Record<string, unknown>;
  expect(r['app']).toBe(appOrigin);
  // Its own origin's storage is empty, or refused to a third-party frame: nothing of the app's either way.
  const emptyOrBlocked = ['blocked', [], ''];
  for (const own of ['ownLocalStorage', 'ownSessionStorage', 'ownCookies', 'ownIndexedDb']) {
    expect(emptyOrBlocked, own).toContainEqual(r[own]);
  }
  // The app's window, storage and cookies are another origin's.
  expect(r['parentLocalStorage']).toBe('blocked');
  expect(r['parentSessionStorage']).toBe('blocked');
  expect(r['parentCookies']).toBe('blocked');
  expect(r['parentIndexedDb']).toBe('blocked');
  // The API answers nothing to it, with or without the user's cookies.
  expect(r['sessionWithCookies']).toBe('blocked');
  expect(r['sessionWithoutCookies']).toBe('blocked');
  expect(r['logoutWithCookies']).toBe('blocked');
  expect(r['refreshWithCookies']).toBe('blocked');
  // The package still finds the SCORM runtime it expects.
  expect(r['scormApi']).toBe(true);

  // It could not move the administrator away from the player (no top navigation), nor sign them out.
  await page.waitForTimeout(500);
  expect(page.url()).toBe(`${appOrigin}${playerUrl}`);
  await page.reload();
  await expect(page.getByTestId('scorm-frame')).toBeVisible();

  // The lesson's address opened on the app's own origin never renders there: it goes to the content origin.
  const direct = src.replace(contentOrigin, appOrigin);
  const response = await page.request.get(direct, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe(src);
  expect(await response.text()).toBe('');
});
