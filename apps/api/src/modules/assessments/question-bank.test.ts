import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { learningWorld, type World } from '../../../test/learning-helpers';
import { multipart, pngOf } from '../../../test/profile-helpers';

/** The question bank through its routes: CRUD, the rules of each kind, tenancy, import and export. */
let t: TestApp;
let a: World;
let b: World;

beforeAll(async () => {
  t = await buildTestApp();
  a = await learningWorld(t);
  b = await learningWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const base = '/api/admin/question-bank';
const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const single = {
  kind: 'single_choice',
  stem: 'Qual é a capital do Brasil?',
  options: [
    { text: 'Brasília', correct: true, feedback: 'Isso.' },
    { text: 'Rio de Janeiro', correct: false },
  ],
  tags: ['geografia'],
};

async function create(body: object, w: World = a) {
  const res = await inject('POST', `${base}/questions`, w.as.manager, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().question as { id: number } & Record<string, unknown>;
}

const codesOf = (res: { json: () => unknown }) =>
  ((res.json() as { error: { details?: { code?: string }[] } }).error.details ?? []).map((d) => d.code);

describe('questions', () => {
  it('creates, reads, lists, edits and deletes a question, audited', async () => {
    const cat = await inject('POST', `${base}/categories`, a.as.manager, { name: 'Geografia' });
    expect(cat.statusCode, cat.body).toBe(200);
    const categoryId = cat.json().category.id as number;
    const q = await create({
      ...single,
      categoryId,
      translations: { 'en-US': { stem: 'Capital of Brazil?' } },
    });
    expect(q).toMatchObject({
      kind: 'single_choice',
      stem: single.stem,
      points: 1,
      categoryId,
      categoryName: 'Geografia',
      tags: ['geografia'],
      options: [
        { text: 'Brasília', correct: true, feedback: 'Isso.' },
        { text: 'Rio de Janeiro', correct: false, feedback: '' },
      ],
      translations: { 'en-US': { stem: 'Capital of Brazil?', generalFeedback: '' } },
    });
    expect((await inject('GET', `${base}/questions/${q.id}`, a.as.manager)).json().question).toEqual(q);

    const list = await inject(
      'GET',
      `${base}/questions?search=capital&kind=single_choice&tag=geografia`,
      a.as.manager,
    );
    expect(list.json()).toMatchObject({ total: 1, page: 1, questions: [{ id: q.id }] });
    expect((await inject('GET', `${base}/questions?search=100%25`, a.as.manager)).json().total).toBe(0);
    expect(
      (await inject('GET', `${base}/questions?categoryId=${categoryId}`, a.as.manager)).json().total,
    ).toBe(1);

    const edited = await inject('PUT', `${base}/questions/${q.id}`, a.as.manager, {
      kind: 'numeric',
      stem: 'Quanto é pi?',
      answer: { mode: 'value', value: 3.14, tolerance: 0.01 },
      points: 2.5,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().question).toMatchObject({
      kind: 'numeric',
      answer: { mode: 'value', value: 3.14, tolerance: 0.01 },
      points: 2.5,
      categoryId: null,
    });
    expect(edited.json().question.options).toBeUndefined();

    expect((await inject('DELETE', `${base}/categories/${categoryId}`, a.as.manager)).json()).toEqual({
      ok: true,
    });
    expect((await inject('DELETE', `${base}/questions/${q.id}`, a.as.manager)).json()).toEqual({ ok: true });
    expect((await inject('GET', `${base}/questions/${q.id}`, a.as.manager)).statusCode).toBe(404);
    const actions = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_log where client_id = ${a.client.id} and entity like 'question%' order by id`,
      ),
    ).map((r) => r.action);
    expect(actions).toEqual([
      'question_category.create',
      'question.create',
      'question.update',
      'question_category.delete',
      'question.delete',
    ]);
  });

  it('refuses what each kind forbids, with the rule as the code', async () => {
    const cases: [object, string][] = [
      [{ ...single, options: [{ text: 'só uma', correct: true }] }, 'ASSESSMENT_OPTIONS_TOO_FEW'],
      [
        {
          ...single,
          options: [
            { text: 'a', correct: true },
            { text: 'b', correct: true },
          ],
        },
        'ASSESSMENT_SINGLE_CHOICE_ONE_CORRECT',
      ],
      [
        {
          kind: 'multiple_choice',
          stem: 'x',
          options: [
            { text: 'a', weight: 0 },
            { text: 'b', weight: -50 },
          ],
        },
        'ASSESSMENT_MULTIPLE_CHOICE_NO_CORRECT',
      ],
      [
        {
          kind: 'multiple_choice',
          stem: 'x',
          options: [
            { text: 'a', weight: 50 },
            { text: 'b', weight: 0 },
          ],
        },
        'ASSESSMENT_WEIGHTS_NOT_100',
      ],
      [{ kind: 'matching', stem: 'x', pairs: [{ left: 'a', right: 'b' }] }, 'ASSESSMENT_PAIRS_TOO_FEW'],
      [{ kind: 'ordering', stem: 'x', items: ['só'] }, 'ASSESSMENT_ITEMS_TOO_FEW'],
      [
        { kind: 'numeric', stem: 'x', answer: { mode: 'range', min: 5, max: 1 } },
        'ASSESSMENT_NUMERIC_RANGE_INVALID',
      ],
      [{ kind: 'short_answer', stem: 'x', answers: [] }, 'ASSESSMENT_ANSWERS_TOO_FEW'],
      [
        { ...single, translations: { es: { stem: 'x', options: [{ text: 'solo una' }] } } },
        'ASSESSMENT_TRANSLATION_MISMATCH',
      ],
      [
        { kind: 'essay', stem: 'x', media: { kind: 'image', url: 'javascript:alert(1)' } },
        'ASSESSMENT_MEDIA_URL_INVALID',
      ],
    ];
    for (const [body, code] of cases) {
      const res = await inject('POST', `${base}/questions`, a.as.manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codesOf(res), JSON.stringify(body)).toContain(code);
    }
    for (const body of [
      { kind: 'numeric', stem: 'x', answer: { mode: 'value', value: 1, tolerance: -1 } },
      { kind: 'essay', stem: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { kind: 'essay', stem: 'x', tags: ['x'.repeat(41)] },
      { kind: 'essay', stem: 'x'.repeat(5001) },
      { kind: 'essay', stem: '' },
      { kind: 'essay', stem: 'x', points: 1001 },
      { kind: 'true_false', stem: 'x' },
      { kind: 'essay', stem: 'x', categoryId: 2_147_483_647 },
    ]) {
      const res = await inject('POST', `${base}/questions`, a.as.manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const foreignCategory = await inject('POST', `${base}/categories`, b.as.manager, { name: 'De B' });
    const res = await inject('POST', `${base}/questions`, a.as.manager, {
      kind: 'essay',
      stem: 'x',
      categoryId: foreignCategory.json().category.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ASSESSMENT_CATEGORY_NOT_FOUND');
  });

  it("keeps each client's bank to itself, and to authors", async () => {
    const q = await create({ kind: 'essay', stem: 'Só do cliente A' });
    const cat = (await inject('POST', `${base}/categories`, a.as.manager, { name: 'Só de A' })).json()
      .category;
    for (const [method, url] of [
      ['GET', `${base}/questions/${q.id}`],
      ['DELETE', `${base}/questions/${q.id}`],
      ['GET', `${base}/categories/${cat.id}`],
      ['DELETE', `${base}/categories/${cat.id}`],
    ] as const) {
      expect((await inject(method, url, b.as.manager)).statusCode, url).toBe(404);
    }
    const put = await inject('PUT', `${base}/questions/${q.id}`, b.as.manager, {
      kind: 'essay',
      stem: 'tomado',
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await inject('PUT', `${base}/categories/${cat.id}`, b.as.manager, { name: 'x' })).statusCode,
    ).toBe(404);
    const listB = (await inject('GET', `${base}/questions?search=cliente`, b.as.manager)).json();
    expect(listB.questions.map((x: { id: number }) => x.id)).not.toContain(q.id);
    const catsB = (await inject('GET', `${base}/categories`, b.as.manager)).json().categories;
    expect(catsB.map((c: { id: number }) => c.id)).not.toContain(cat.id);
    expect((await inject('GET', `${base}/export?format=gift`, b.as.manager)).body).not.toContain(
      'Só do cliente A',
    );
    expect((await inject('GET', `${base}/questions`, a.as.learner)).statusCode).toBe(403);
    expect((await inject('GET', `${base}/questions/${q.id}`, a.as.manager)).json().question.stem).toBe(
      'Só do cliente A',
    );
  });

  it('keeps category names unique per client and a category with questions', async () => {
    const cat = (await inject('POST', `${base}/categories`, a.as.manager, { name: 'Única' })).json().category;
    const again = await inject('POST', `${base}/categories`, a.as.manager, { name: 'única' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ASSESSMENT_CATEGORY_NAME_TAKEN');
    expect((await inject('POST', `${base}/categories`, b.as.manager, { name: 'Única' })).statusCode).toBe(
      200,
    );
    await create({ kind: 'essay', stem: 'Na categoria', categoryId: cat.id });
    const del = await inject('DELETE', `${base}/categories/${cat.id}`, a.as.manager);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('ASSESSMENT_CATEGORY_NOT_EMPTY');
    const renamed = await inject('PUT', `${base}/categories/${cat.id}`, a.as.manager, { name: 'Renomeada' });
    expect(renamed.json().category).toEqual({ id: cat.id, name: 'Renomeada', questions: 1 });
  });
});

describe("a question's image", () => {
  it('is uploaded, served by the media route, and named by the question', async () => {
    const upload = async (data: Buffer, type: string) => {
      const form = multipart({ name: 'f', type, data });
      return t.app.inject({
        method: 'POST',
        url: `${base}/images`,
        headers: { ...a.as.manager, ...form.headers },
        payload: form.payload,
      });
    };
    const res = await upload(await pngOf(2400, 1200), 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/api\/media\/question-images\/\d+-[0-9a-f]{24}$/);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const q = await create({ kind: 'essay', stem: 'Descreva a imagem', media: { kind: 'image', url } });
    expect(q.media).toEqual({ kind: 'image', url });
    const described = await create({
      kind: 'essay',
      stem: 'Descreva a vitrine',
      media: { kind: 'image', url, alt: '  Uma vitrine com três manequins.  ' },
    });
    expect(described.media).toEqual({ kind: 'image', url, alt: 'Uma vitrine com três manequins.' });

    const notImage = await upload(Buffer.from('só texto'), 'image/png');
    expect([400, 415]).toContain(notImage.statusCode);
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1), 'image/png');
    expect(big.statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/api/media/question-images/x' })).statusCode).toBe(404);
  });
});

describe('import and export', () => {
  const gift = [
    '// Um arquivo com uma questão boa e duas ruins',
    '::Capital::Qual é a capital do Brasil? {=Brasília ~Rio ~Salvador}',
    '',
    'Questão sem fim {=a ~b',
    '',
    'Qual cor? {~azul ~verde}',
  ].join('\n');

  it('imports the good questions of a JSON body and reports the refused lines', async () => {
    const cat = (await inject('POST', `${base}/categories`, a.as.manager, { name: 'Importadas' })).json()
      .category;
    const res = await inject('POST', `${base}/import`, a.as.manager, {
      format: 'gift',
      text: gift,
      categoryId: cat.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 1,
      refused: [
        { line: 4, reason: 'ASSESSMENT_IMPORT_UNCLOSED_BRACE', excerpt: 'Questão sem fim {=a ~b' },
        { line: 6, reason: 'ASSESSMENT_IMPORT_NO_CORRECT_ANSWER', excerpt: 'Qual cor? {~azul ~verde}' },
      ],
    });
    const list = (await inject('GET', `${base}/questions?categoryId=${cat.id}`, a.as.manager)).json();
    expect(list.questions).toMatchObject([{ title: 'Capital', kind: 'single_choice' }]);
    const audited = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where client_id = ${a.client.id} and action = 'question.import'`,
      ),
    );
    expect(audited[0]!.n).toBeGreaterThan(0);
  });

  it("files questions under GIFT's $CATEGORY when no category is chosen, and never into another client's", async () => {
    const w = await learningWorld(t);
    const text = '$CATEGORY: $course$/top/Nova\n\nUm {=a ~b}\n\n$CATEGORY: $course$/top/nova\n\nDois {T}';
    const res = await inject('POST', `${base}/import`, w.as.manager, { format: 'gift', text });
    expect(res.json()).toEqual({ imported: 2, refused: [] });
    const cats = (await inject('GET', `${base}/categories`, w.as.manager)).json().categories;
    expect(cats).toMatchObject([{ name: 'Nova', questions: 2 }]);
    const foreign = (await inject('POST', `${base}/categories`, b.as.manager, { name: 'Alvo de B' })).json()
      .category;
    const into = await inject('POST', `${base}/import`, w.as.manager, {
      format: 'gift',
      text,
      categoryId: foreign.id,
    });
    expect(into.statusCode).toBe(400);
    expect(into.json().error.code).toBe('ASSESSMENT_CATEGORY_NOT_FOUND');
    expect(
      (await inject('GET', `${base}/categories/${foreign.id}`, b.as.manager)).json().category.questions,
    ).toBe(0);
  });

  it('imports a multipart Aiken file, and refuses files that are too large, empty or not text', async () => {
    const aiken = 'Quanto é 2+2?\nA. 3\nB) 4\nANSWER: B\n\nSem resposta\nA. x\nB. y\n';
    const form = multipart(
      { name: 'q.txt', type: 'text/plain', data: Buffer.from(aiken) },
      { format: 'aiken' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/import`,
      headers: { ...a.as.manager, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      imported: 1,
      refused: [{ line: 6, reason: 'ASSESSMENT_IMPORT_AIKEN_NO_ANSWER' }],
    });

    const big = multipart(
      { name: 'q.txt', type: 'text/plain', data: Buffer.alloc(1024 * 1024 + 10, 'a') },
      { format: 'gift' },
    );
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `${base}/import`,
      headers: { ...a.as.manager, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('UPLOAD_TOO_LARGE');
    const bigJson = await inject('POST', `${base}/import`, a.as.manager, {
      format: 'gift',
      text: 'é'.repeat(600_000),
    });
    expect(bigJson.statusCode).toBe(413);

    const binary = multipart(
      { name: 'q.bin', type: 'application/octet-stream', data: Buffer.from([0xff, 0xfe, 0xc3]) },
      { format: 'gift' },
    );
    const notText = await t.app.inject({
      method: 'POST',
      url: `${base}/import`,
      headers: { ...a.as.manager, ...binary.headers },
      payload: binary.payload,
    });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().error.code).toBe('ASSESSMENT_IMPORT_NOT_TEXT');
    const many = await inject('POST', `${base}/import`, a.as.manager, {
      format: 'gift',
      text: 'Só texto\n\n'.repeat(1001),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.code).toBe('ASSESSMENT_IMPORT_TOO_MANY_QUESTIONS');
    expect(many.json().error.message).toContain('1000');
    const empty = await inject('POST', `${base}/import`, a.as.manager, { format: 'aiken', text: '  \n' });
    expect(empty.json().error.code).toBe('ASSESSMENT_IMPORT_EMPTY');
    expect(
      (await inject('POST', `${base}/import`, a.as.manager, { format: 'csv', text: 'x' })).statusCode,
    ).toBe(400);
  });

  it('exports GIFT that imports back as the same questions, and Aiken with what it skipped', async () => {
    const w = await learningWorld(t);
    const cat = (await inject('POST', `${base}/categories`, w.as.manager, { name: 'Ida' })).json().category;
    const bodies = [
      { ...single, title: 'Capital', generalFeedback: 'Desde 1960.' },
      {
        kind: 'multiple_choice',
        stem: 'Quais são primos? {2, 3}',
        options: [
          { text: '2', weight: 50, feedback: 'sim' },
          { text: '3', weight: 50 },
          { text: '4', weight: -100, feedback: 'não: 2 × 2' },
        ],
        points: 2,
      },
      {
        kind: 'true_false',
        stem: 'A Terra é plana.',
        answer: false,
        feedbackTrue: 'Não é.',
        feedbackFalse: 'Certo.',
      },
      {
        kind: 'matching',
        stem: 'Associe',
        pairs: [
          { left: 'Brasil', right: 'Brasília' },
          { left: 'Peru', right: 'Lima' },
        ],
      },
      { kind: 'numeric', stem: 'Pi?', answer: { mode: 'value', value: 3.14, tolerance: 0.01 } },
      { kind: 'numeric', stem: 'Entre 1 e 5', answer: { mode: 'range', min: 1, max: 5 } },
      {
        kind: 'short_answer',
        stem: 'Capital da França?',
        answers: ['Paris', 'paris'],
        tags: ['europa', 'cidades'],
      },
      { kind: 'essay', stem: 'Escreva sobre\nduas linhas com \\ barra = e ~ e # e {chaves}: fim' },
      { kind: 'ordering', stem: 'Ordene', items: ['um', 'dois'] },
    ];
    for (const body of bodies) await create({ ...body, categoryId: cat.id }, w);

    const gift = await inject('GET', `${base}/export?format=gift&categoryId=${cat.id}`, w.as.manager);
    expect(gift.statusCode, gift.body).toBe(200);
    expect(gift.headers['content-type']).toContain('text/plain');
    expect(gift.headers['content-disposition']).toContain('attachment');
    expect(gift.headers['x-skipped-questions']).toBe('1');

    const back = (await inject('POST', `${base}/categories`, w.as.manager, { name: 'Volta' })).json()
      .category;
    const imported = await inject('POST', `${base}/import`, w.as.manager, {
      format: 'gift',
      text: gift.body,
      categoryId: back.id,
    });
    expect(imported.json()).toEqual({ imported: 8, refused: [] });
    const strip = (q: Record<string, unknown>) => {
      const { id: _i, categoryId: _c, categoryName: _n, createdAt: _a, updatedAt: _u, ...rest } = q;
      return rest;
    };
    const read = async (categoryId: number) =>
      (
        (await inject('GET', `${base}/questions?categoryId=${categoryId}&pageSize=100`, w.as.manager)).json()
          .questions as Record<string, unknown>[]
      )
        .filter((q) => q.kind !== 'ordering')
        .map(strip);
    expect(await read(back.id)).toEqual(await read(cat.id));

    const aiken = await inject('GET', `${base}/export?format=aiken&categoryId=${cat.id}`, w.as.manager);
    expect(aiken.headers['x-skipped-questions']).toBe('8');
    expect(aiken.body).toBe('Qual é a capital do Brasil?\nA. Brasília\nB. Rio de Janeiro\nANSWER: A\n');
    expect(
      (await inject('GET', `${base}/export?format=gift&categoryId=${cat.id}`, b.as.manager)).statusCode,
    ).toBe(404);
  });
});
