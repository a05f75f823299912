import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { bearer, login, webBasic } from './http';
import { DEMO_PASSWORD, demoSeeder } from '../src/db/seed/demo';
import { runSeeders } from '../src/db/seed/run-seeders';

/**
 * Sends malformed bodies, params and queries to every operation of the OpenAPI document and fails on
 * any 5xx, naming the operation and the input. Deterministic: the inputs are built from each operation's
 * own schema (a plausible value, then one field at a time made hostile), so a failure replays exactly.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  bodyTypes: string[];
}
interface Input {
  label: string;
  params?: Record<string, string>;
  query?: string;
  body?: string | Buffer;
  contentType?: string;
}

/** Operations left out, with the reason (none today: add one only with a reason and a date to return). */
const skipped = new Map<string, string>();

/** Operations whose body is a form (the OAuth token endpoint, RFC 6749), with the headers they need. */
const formOperations: Record<string, Record<string, string>> = {
  'POST /o/token/': { authorization: webBasic },
};

/** Bodies the OpenAPI document cannot describe (a schema refined per registration entry). */
const sampleBodies: Record<string, Record<string, unknown>> = {
  'POST /api/accounts/register': {
    variant: 'register',
    country: 'BRA',
    firstName: 'Fuzz',
    lastName: 'Tester',
    email: 'fuzz@example.com',
    emailConfirmation: 'fuzz@example.com',
    document: '52998224725',
    phone: '+5511987654321',
    birthday: '1990-01-01',
    profile: 'sales_agent',
    acceptTerms: true,
    confirmAdult: true,
  },
  'PUT /api/accounts/me/complete-register': {
    firstName: 'Fuzz',
    lastName: 'Tester',
    email: 'fuzz@example.com',
    document: '52998224725',
    phone: '+5511987654321',
    country: 'BRA',
    acceptTerms: true,
    confirmAdult: true,
  },
};

const NUL = '\u0000';
const HUGE = 'x'.repeat(100_000);

function firstOf(s: Schema): Schema | undefined {
  return s.oneOf?.[0] ?? s.anyOf?.find((x) => x.type !== 'null') ?? s.allOf?.[0];
}
function typeOf(s: Schema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
}

/** A plausible string for a schema: its enum, its format, or a candidate its pattern accepts. */
function sampleString(s: Schema): string {
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (s.format === 'date') return '2026-01-01';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/';
  const candidates = ['fuzz', '1', 'all', '#123456', '2026-01-01', 'pt-BR', 'BRA', 'a1'];
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const hit = candidates.find((c) => re.test(c));
    if (hit) return hit;
  }
  const min = s.minLength ?? 0;
  return min > 4 ? 'f'.repeat(min) : 'fuzz';
}

function sample(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 8) return null;
  if (s.enum) return s.enum[0];
  const inner = firstOf(s);
  if (inner) return sample(inner, depth + 1);
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, depth + 1));
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    default:
      return s.default ?? null;
  }
}

/** Every leaf of a value with its path, to make one field at a time hostile. */
function leaves(value: unknown, path: string[] = []): { path: string[]; value: unknown }[] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    const out: { path: string[]; value: unknown }[] = [{ path, value }];
    for (const [k, v] of entries) out.push(...leaves(v, [...path, k]));
    return out;
  }
  return [{ path, value }];
}
function withAt(root: unknown, path: string[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy = structuredClone(root) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = replacement;
  return copy;
}
function hostileFor(value: unknown): { label: string; value: unknown }[] {
  if (typeof value === 'string')
    return [
      { label: 'NUL inside', value: `a${NUL}b` },
      { label: 'only NUL', value: NUL },
      { label: '100k chars', value: HUGE },
      { label: 'number', value: 7 },
    ];
  if (typeof value === 'number')
    return [
      { label: '2^31', value: 2 ** 31 },
      { label: '-1', value: -1 },
      { label: '1e300', value: 1e300 },
      { label: 'NUL string', value: `1${NUL}` },
    ];
  if (typeof value === 'boolean') return [{ label: 'string', value: 'true' }];
  if (Array.isArray(value))
    return [
      { label: 'object for array', value: { 0: value[0] } },
      { label: '10k items', value: Array.from({ length: 10_000 }, () => value[0] ?? 1) },
    ];
  if (value && typeof value === 'object')
    return [
      { label: 'array for object', value: [value] },
      { label: 'string for object', value: 'x' },
    ];
  return [{ label: 'NUL string', value: NUL }];
}

function deepJson(depth: number) {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Whole-body inputs: wrong JSON types, broken JSON, prototype keys, depth, size, other content types. */
function bodyInputs(valid: unknown): Input[] {
  const json = (label: string, body: string) => ({ label, body, contentType: 'application/json' });
  return [
    json('empty JSON body', ''),
    json('null', 'null'),
    json('array', '[]'),
    json('string', '"x"'),
    json('number', '42'),
    json('empty object', '{}'),
    json('truncated JSON', '{"a":'),
    json('invalid JSON', '{a:1}'),
    json('__proto__ key', `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`),
    json('valid with __proto__', JSON.stringify(valid).replace(/^\{/, '{"__proto__":{"x":1},')),
    json('NUL key', `{"a\\u0000b":"x"}`),
    json('nested depth 10k', deepJson(10_000)),
    json('2 MiB string', JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) })),
    { label: 'text/plain', body: 'hello', contentType: 'text/plain' },
    { label: 'XML', body: '<?xml version="1.0"?><a>1</a>', contentType: 'application/xml' },
    { label: 'form', body: 'a=1&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart garbage', body: '--x\r\nbroken', contentType: 'multipart/form-data; boundary=x' },
    { label: 'unknown type', body: '\u0000\u0001', contentType: 'application/octet-stream' },
    { label: 'JSON charset latin1', body: '{"a":"\u00e9"}', contentType: 'application/json; charset=latin1' },
  ];
}

const hostileParams = [
  '%00',
  'a%00b',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e3',
  'abc',
  '%E0%A4%A',
  '__proto__',
  'x'.repeat(5000),
];

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
        bodyTypes: Object.keys(content ?? {}),
      });
    }
  }
  return ops;
}

/** The value a well-formed path parameter takes: an id nobody has, or the first allowed value. */
function plainParam(p: Parameter): string {
  const t = typeOf(p.schema);
  if (t === 'integer' || t === 'number') return '999999';
  return encodeURIComponent(String(sample(p.schema)));
}

function urlOf(op: Operation, params: Record<string, string> = {}, query = ''): string {
  let url = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const value = params[p.name] ?? plainParam(p);
    url = url.replace(p.name === '*' ? '{*}' : `{${p.name}}`, value);
  }
  return query ? `${url}?${query}` : url;
}

function inputsOf(op: Operation): Input[] {
  const inputs: Input[] = [];
  for (const p of op.parameters.filter((x) => x.in === 'path'))
    for (const v of hostileParams)
      inputs.push({ label: `path ${p.name}=${v.slice(0, 40)}`, params: { [p.name]: v } });
  const queryParams = op.parameters.filter((x) => x.in === 'query');
  for (const p of queryParams) {
    for (const v of [...hostileParams, ''])
      inputs.push({ label: `query ${p.name}=${v.slice(0, 40)}`, query: `${p.name}=${v}` });
    inputs.push({ label: `query ${p.name} twice`, query: `${p.name}=1&${p.name}=2` });
    inputs.push({ label: `query ${p.name}[]`, query: `${p.name}[a]=1` });
    if (typeOf(p.schema) === 'string' && p.schema.pattern?.includes('\\d'))
      inputs.push({ label: `query ${p.name} id 2^31`, query: `${p.name}=1,${2 ** 31}` });
  }
  inputs.push({ label: 'query NUL in unknown key', query: 'x%00=%00' });
  if (op.method === 'GET' || op.method === 'HEAD') return inputs;
  const key = `${op.method} ${op.path}`;
  const valid = sampleBodies[key] ?? (op.body ? sample(op.body) : {});
  inputs.push(...bodyInputs(valid));
  if (op.body || sampleBodies[key]) {
    for (const leaf of leaves(valid)) {
      for (const h of hostileFor(leaf.value)) {
        const body = withAt(valid, leaf.path, h.value);
        inputs.push({
          label: `body ${leaf.path.join('.') || '(root)'}: ${h.label}`,
          body: JSON.stringify(body),
          contentType: 'application/json',
        });
        if (formOperations[key] && body && typeof body === 'object' && !Array.isArray(body)) {
          inputs.push({ label: `form ${leaf.path.join('.')}: ${h.label}`, ...formOf(body) });
        }
      }
    }
  }
  if (formOperations[key]) {
    const form = (label: string, body: string) => ({ label, body, contentType: FORM });
    inputs.push(
      form('form: broken percent-encoding', 'grant_type=password&username=%E0%A4%A&password=%'),
      form('form: NUL', 'grant_type=password&username=%00&password=a%00b'),
      form('form: prototype keys', '__proto__[x]=1&constructor[prototype][x]=1&grant_type=password'),
      form('form: repeated keys', 'grant_type=password&grant_type=refresh_token&username=a&username=b'),
      form('form: 2 MiB', `grant_type=password&username=${'x'.repeat(2 * 1024 * 1024)}`),
      form('form: truncated', 'grant_type=pass'),
    );
  }
  return inputs;
}

const FORM = 'application/x-www-form-urlencoded';
function formOf(body: object) {
  const entries = Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
  return { body: new URLSearchParams(entries).toString(), contentType: FORM };
}

let t: TestApp;
const tokens: Record<string, string> = {};
async function signIn(who: string) {
  tokens[who] = (await login(t, who, DEMO_PASSWORD)).access_token;
}

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder]);
  await signIn('learner');
  await signIn('superuser');
});
afterAll(async () => {
  await t?.close();
});

describe('fuzz: malformed input never gets a 5xx', () => {
  it('every operation of the OpenAPI document answers malformed bodies, params and queries with a 4xx', async () => {
    const doc = t.app.swagger() as unknown as Parameters<typeof operations>[0];
    const ops = operations(doc).filter((op) => !skipped.has(`${op.method} ${op.path}`));
    expect(ops.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      // The superuser passes every role check of the back office, so its inputs reach the services.
      const who = op.path.startsWith('/api/admin/') ? 'superuser' : 'learner';
      for (const input of inputsOf(op)) {
        const url = urlOf(op, input.params, input.query);
        const send = () =>
          t.app.inject({
            method: op.method as 'GET',
            url,
            remoteAddress: `10.9.${(sent >> 8) & 255}.${sent & 255}`,
            headers: {
              ...(formOperations[`${op.method} ${op.path}`] ?? bearer(tokens[who]!)),
              ...(input.contentType ? { 'content-type': input.contentType } : {}),
            },
            ...(input.body === undefined ? {} : { payload: input.body }),
          });
        sent++;
        let res = await send();
        // Some inputs are valid enough to end the session (logout …): sign in again and replay.
        if (res.statusCode === 401) {
          await signIn(who);
          res = await send();
        }
        if (res.statusCode >= 500) {
          const body = typeof input.body === 'string' ? input.body.slice(0, 160) : '';
          failures.push(
            `${op.method} ${op.path} [${input.label}] ${url.slice(0, 160)} ${body} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures, `${failures.length} of ${sent} inputs answered 5xx:\n${failures.join('\n')}`).toEqual(
      [],
    );
  }, 300_000);
});
