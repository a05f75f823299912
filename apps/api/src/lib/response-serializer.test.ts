import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody } from '@trilha/contracts/errors';
import {
  aboutTeam,
  activityAuthorizationList,
  adminCourse,
  adminCourseListPage,
  adminTrail,
  adminTrailListPage,
  courseDetail,
  courseReportPage,
  enrollmentPage,
  courseListPage,
  learningFilterOptions,
  learningTaxonomy,
  playerPayload,
  portfolioCourse,
  portfolioPage,
  trailDetail,
  trailListPage,
} from '@trilha/contracts/learning';
import { compiledResponses, compileResponseWriter, responseJsonSchema } from './response-serializer';

/** What every answer was before: zod's encode (strips unknown keys), then JSON.stringify. */
const zodText = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

describe('compiled response writers', () => {
  const account = z.object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.date(),
    nickname: z.string().nullable(),
    note: z.string().optional(),
    manager: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    roles: z.array(z.object({ id: z.number().int(), label: z.string() })),
    settings: z
      .object({ theme: z.enum(['light', 'dark']) })
      .nullable()
      .default(null),
  });

  it('writes only the properties of the contract, at every depth', () => {
    const write = compileResponseWriter(account);
    const fromService = {
      id: 7,
      name: 'Ana',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$secret',
      clientId: 424242,
      createdAt: new Date('2026-03-04T05:06:07.089Z'),
      nickname: null,
      manager: { id: 3, name: 'Bia', passwordHash: 'hash-of-bia', clientId: 515151 },
      roles: [{ id: 1, label: 'learner', clientId: 616161 }],
      settings: { theme: 'light', clientId: 717171 },
    };
    const text = write(fromService);
    expect(text).not.toMatch(/passwordHash|clientId|argon2|hash-of-bia|424242|515151|616161|717171/);
    expect(text).toBe(zodText(account, fromService));
  });

  it('writes dates, nulls, omitted optionals and defaults as zod and JSON.stringify did', () => {
    const write = compileResponseWriter(account);
    const cases = [
      {
        id: 1,
        name: 'quote " backslash \\ newline \n tab \t nul-free é 😀 \u2028',
        createdAt: new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)),
        nickname: 'Nick',
        note: 'present',
        manager: null,
        roles: [],
        settings: { theme: 'dark' },
      },
      // `note` undefined is left out (not written as null).
      {
        id: 2,
        name: '',
        createdAt: new Date(0),
        nickname: null,
        note: undefined,
        manager: { id: 9, name: 'M' },
        roles: [{ id: 1, label: 'a' }],
        settings: null,
      },
    ];
    // The same JSON, and the same text but for one thing: fast-json-stringify writes an object's
    // optional properties after its required ones (the learning contracts declare theirs last).
    for (const c of cases) expect(JSON.parse(write(c))).toEqual(JSON.parse(zodText(account, c)));
    expect(write(cases[0])).toBe(
      zodText(account, cases[0]).replace(',"note":"present"', '').replace(/}$/, ',"note":"present"}'),
    );
    expect(write(cases[1])).toBe(zodText(account, cases[1]));
    expect(write(cases[1])).toContain('"settings":null');
    expect(write(cases[1])).not.toContain('note');
    expect(write(cases[0])).toContain('"createdAt":"1999-12-31T23:59:59.999Z"');
    // A field with a default that the service left out: zod's encode refused it (a 500); the compiled
    // writer writes the default.
    const { settings: _left, ...withoutSettings } = cases[1]!;
    expect(() => zodText(account, withoutSettings)).toThrow();
    expect(write(withoutSettings)).toBe(write(cases[1]));
  });

  it('refuses, when it is compiled, a contract that JSON Schema cannot express', () => {
    const transformed = z.object({ at: z.string().transform((s) => s.length) });
    expect(() => compileResponseWriter(transformed)).toThrow(/Transforms cannot be represented/);
  });

  it('turns nullable types into `nullable` instead of a union to try at run time', () => {
    const json = JSON.stringify(responseJsonSchema(courseListPage));
    expect(json).not.toContain('anyOf');
    expect(json).not.toContain('"additionalProperties":false');
  });

  it('is what a route declaring it answers with, for 200 and for its error bodies', async () => {
    const app = Fastify({ logger: false });
    const routeOptions = {
      serializerCompiler: compiledResponses,
      schema: { response: { 200: account, 404: errorBody } },
    };
    app.get('/ok', routeOptions, async () => ({
      id: 5,
      name: 'N',
      createdAt: new Date('2026-01-02T03:04:05.006Z'),
      nickname: null,
      manager: null,
      roles: [],
      settings: null,
      passwordHash: 'never-on-the-wire',
    }));
    app.get('/missing', routeOptions, async (_request, reply) =>
      reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found', details: { a: [1] } } }),
    );
    const ok = await app.inject({ url: '/ok' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe(
      '{"id":5,"name":"N","createdAt":"2026-01-02T03:04:05.006Z","nickname":null,"manager":null,"roles":[],"settings":null}',
    );
    const missing = await app.inject({ url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('{"error":{"code":"NOT_FOUND","message":"Not found","details":{"a":[1]}}}');
    await app.close();
  });
});

// ---------------------------------------------------------------------------------------------------
// Generated answers: for each converted contract, values built from the contract itself (with extra
// fields on every object, as a service row carries them) are written identically by both writers.

type Def = { type: string } & Record<string, unknown>;
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const extraKeys = fc.dictionary(
  fc.constantFrom('passwordHash', 'clientId', 'internalNote', 'deletedAt'),
  fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
  { maxKeys: 2 },
);

function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = fc.record(
        Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryOf(v)])),
        { requiredKeys: Object.keys(shape).filter((k) => defOf(shape[k]!).type !== 'optional') },
      );
      return fc.tuple(extraKeys, fields).map(([extra, value]) => ({ ...extra, ...value }));
    }
    case 'array':
      return fc.array(arbitraryOf(def.element as z.ZodType), { maxLength: 2 });
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map(arbitraryOf));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 20 }), arbitraryOf(def.valueType as z.ZodType), {
        maxKeys: 3,
      });
    case 'string':
      return fc.string({ unit: 'binary', maxLength: 30 });
    case 'number': {
      const n = schema as z.ZodNumber;
      const min = Math.max(n.minValue ?? -1000, -1000);
      const max = Math.min(n.maxValue ?? 1_000_000, 1_000_000);
      return n.isInt
        ? fc.integer({ min, max })
        : fc.double({ noNaN: true, noDefaultInfinity: true, min, max });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType as z.ZodType), { nil: null });
    case 'optional':
      return fc.option(arbitraryOf(def.innerType as z.ZodType), { nil: undefined });
    case 'default':
      // A default fills a missing value on input only: in an answer the value is there (zod's encode
      // refuses it missing).
      return arbitraryOf(def.innerType as z.ZodType);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(arbitraryOf));
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`no generator for zod type ${def.type}`);
  }
}

describe('generated answers of the converted contracts', () => {
  const contracts = {
    courseListPage,
    courseDetail,
    trailListPage,
    trailDetail,
    playerPayload,
    learningFilterOptions,
    activityAuthorizationList,
    portfolioPage,
    portfolioCourse,
    aboutTeam,
    learningTaxonomy,
    adminCourseListPage,
    adminCourse,
    enrollmentPage,
    courseReportPage,
    adminTrailListPage,
    adminTrail,
    errorBody,
  };
  for (const [name, schema] of Object.entries(contracts)) {
    it(`${name}: the same text as zod + JSON.stringify, and nothing undeclared`, () => {
      const write = compileResponseWriter(schema);
      fc.assert(
        fc.property(arbitraryOf(schema), (value) => {
          // Values the contract refuses (out of an integer's bounds) were a 500 before: not compared.
          fc.pre(z.safeEncode(schema, value as never).success);
          const text = write(value);
          expect(text).toBe(zodText(schema, value));
          expect(text).not.toMatch(/passwordHash|internalNote|deletedAt|"clientId"/);
        }),
        { seed: 20_261_124, numRuns: 40 },
      );
    });
  }
});
