import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('platform conventions', () => {
  it('health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with the error shape, translated', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: expect.stringMatching(/Introuvable/) },
    });
  });

  it('sets a request id and security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Scripts only from the app's built assets, never from another path of its origin (learning content).
    expect(csp).toMatch(/script-src http:\/\/[^ ;]+\/assets\/(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    // Players frame only the content origin and the video and slide hosts they embed.
    expect(csp).toMatch(/frame-src http:\/\/127\.0\.0\.1:3001 [^;]* https:\/\/www\.slideshare\.net/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/player\.vimeo\.com/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Over plain HTTP, as here, no HSTS (src/plugins/response-policy.test.ts has the HTTPS cases).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes an OpenAPI document with request and response schemas of every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        // Every route documents its success answer (files and images by their media type);
        // redirecting routes (the Google sign-in hops) document their 3xx.
        const success = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
        if (!success.some(([status, r]) => r.content || status === '204' || status.startsWith('3')))
          missing.push(`${method} ${path}`);
      }
    }
    // Routes that stream stored files (images, course content) answer bytes of the file's own type.
    const fileRoutes =
      /^get \/api\/(profile\/avatars|site-assets|learning\/content|learning\/activities\/\{id\}\/download|clients\/\{id\}\/logo|admin\/sales\/\{id\}\/photo|loyalty\/photos\/\{id\}\/image|admin\/photos\/\{id\}\/image)/;
    expect(missing.filter((op) => !fileRoutes.test(op))).toEqual([]);
    expect(doc.paths['/o/token/'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/session/client'].put.requestBody).toBeTruthy();
  });

  it('exposes the login configuration publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/login-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ defaultLanguage: 'pt-BR', passwordStrength: 'medium' });
  });
});
