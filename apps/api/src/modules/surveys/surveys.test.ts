import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningWorld, type World } from '../../../test/learning-helpers';

/** Surveys through their routes: the builder, audience and dates, one answer per user, results, session. */
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

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const inject = (method: Method, url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const day = 24 * 3600 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const pt = (text: string) => ({ 'pt-BR': text });

const survey = (extra: object = {}) => ({
  title: { 'pt-BR': 'Clima da equipe', 'en-US': 'Team climate' },
  description: pt('Conte como foi o trimestre.'),
  published: true,
  startsAt: at(-1),
  endsAt: at(7),
  questions: [
    {
      kind: 'alternative',
      text: pt('Como foi o trimestre?'),
      options: [{ text: pt('Bom') }, { text: pt('Ruim') }],
    },
    {
      kind: 'multiple_choice_justified',
      text: pt('O que ajudou?'),
      options: [{ text: pt('Treinos') }, { text: pt('Equipe') }, { text: pt('=Metas') }],
    },
    { kind: 'essay', text: pt('Sugestões'), required: false },
  ],
  ...extra,
});

async function create(body: object, w: World = a) {
  const res = await inject('POST', '/api/admin/surveys', w.as.manager, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().survey as { id: number } & Record<string, unknown>;
}

const codesOf = (res: { json: () => unknown }) =>
  ((res.json() as { error: { details?: { code?: string }[] } }).error.details ?? []).map((d) => d.code);

const goodAnswers = {
  answers: [
    { question: 0, options: [0] },
    { question: 1, options: [0, 2], text: 'Os treinos de vendas.' },
    { question: 2, text: 'Mais treinos.' },
  ],
};

async function newLearner(w: World = a) {
  const user = await createUser(t.database.db, { clientIds: [w.client.id], roles: ['sales_agent'] });
  return { user, headers: bearer((await login(t, user.username)).access_token) };
}

describe('the builder', () => {
  it('creates, reads, lists, edits and deletes a survey, audited', async () => {
    const s = await create(survey());
    expect(s).toMatchObject({
      title: { 'pt-BR': 'Clima da equipe', 'en-US': 'Team climate', es: '', fr: '' },
      mandatory: false,
      published: true,
      responses: 0,
      audience: { areaIds: [], groupIds: [], countryIds: [], roles: [] },
      questions: [
        { kind: 'alternative', required: true },
        { kind: 'multiple_choice_justified' },
        { required: false },
      ],
    });
    expect((await inject('GET', `/api/admin/surveys/${s.id}`, a.as.manager)).json().survey).toEqual(s);
    const list = await inject('GET', '/api/admin/surveys', a.as.manager);
    expect(list.json()).toMatchObject({
      page: 1,
      surveys: expect.arrayContaining([expect.objectContaining({ id: s.id })]),
    });

    const edited = await inject(
      'PUT',
      `/api/admin/surveys/${s.id}`,
      a.as.manager,
      survey({ title: pt('Clima 2') }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().survey.title['pt-BR']).toBe('Clima 2');
    expect((await inject('DELETE', `/api/admin/surveys/${s.id}`, a.as.manager)).json()).toEqual({ ok: true });
    expect((await inject('GET', `/api/admin/surveys/${s.id}`, a.as.manager)).statusCode).toBe(404);
    const actions = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_log where client_id = ${a.client.id} and action like 'survey.%' and entity_id = ${String(s.id)} order by id`,
      ),
    ).map((r) => r.action);
    expect(actions).toEqual(['survey.create', 'survey.update', 'survey.delete']);
  });

  it('refuses what a survey may not be, with the rule as the code', async () => {
    const cases: [object, string][] = [
      [
        survey({ questions: [{ kind: 'alternative', text: pt('Só uma?'), options: [{ text: pt('Sim') }] }] }),
        'SURVEY_OPTIONS_TOO_FEW',
      ],
      [
        survey({ questions: [{ kind: 'essay', text: pt('Fale'), options: [{ text: pt('x') }] }] }),
        'SURVEY_ESSAY_HAS_OPTIONS',
      ],
      [survey({ startsAt: at(2), endsAt: at(1) }), 'SURVEY_DATES_INVALID'],
      [survey({ audience: { areaIds: [2_000_000] } }), 'SURVEY_AUDIENCE_INVALID'],
      [survey({ ownerIds: [b.manager.id] }), 'SURVEY_OWNER_INVALID'],
    ];
    for (const [body, code] of cases) {
      const res = await inject('POST', '/api/admin/surveys', a.as.manager, body);
      expect(res.statusCode, code).toBe(400);
      expect(codesOf(res), code).toContain(code);
    }
    expect(
      (await inject('POST', '/api/admin/surveys', a.as.manager, survey({ questions: [] }))).statusCode,
    ).toBe(400);
    expect((await inject('POST', '/api/admin/surveys', a.as.learner, survey())).statusCode).toBe(403);
  });

  it("keeps another client's survey out of reach (404 everywhere)", async () => {
    const s = await create(survey(), b);
    for (const [method, url, body] of [
      ['GET', `/api/admin/surveys/${s.id}`],
      ['PUT', `/api/admin/surveys/${s.id}`, survey()],
      ['DELETE', `/api/admin/surveys/${s.id}`],
      ['GET', `/api/surveys/${s.id}/results`],
    ] as [Method, string, object?][]) {
      expect((await inject(method, url, a.as.manager, body)).statusCode, url).toBe(404);
    }
    for (const [method, url, body] of [
      ['GET', `/api/surveys/${s.id}`],
      ['POST', `/api/surveys/${s.id}/answers`, goodAnswers],
    ] as [Method, string, object?][]) {
      expect((await inject(method, url, a.as.learner, body)).statusCode, url).toBe(404);
    }
  });
});

describe('answering', () => {
  it('lists and opens only published surveys of my audience within their dates', async () => {
    const open = await create(survey());
    const future = await create(survey({ startsAt: at(1), endsAt: at(3) }));
    const past = await create(survey({ startsAt: at(-5), endsAt: at(-1) }));
    const draft = await create(survey({ published: false }));
    const managersOnly = await create(survey({ audience: { roles: ['manager'] } }));
    const area = await inject('POST', '/api/admin/learning/taxonomy/areas', a.as.manager, { name: 'Vendas' });
    const areaId = area.json().id as number;
    const inArea = await create(survey({ audience: { areaIds: [areaId] } }));

    const listed = async () =>
      ((await inject('GET', '/api/surveys', a.as.learner)).json().surveys as { id: number }[]).map(
        (s) => s.id,
      );
    let ids = await listed();
    expect(ids).toContain(open.id);
    for (const hidden of [future, past, draft, managersOnly, inArea]) expect(ids).not.toContain(hidden.id);
    expect((await inject('GET', `/api/surveys/${draft.id}`, a.as.learner)).statusCode).toBe(404);
    expect((await inject('GET', `/api/surveys/${managersOnly.id}`, a.as.learner)).statusCode).toBe(404);

    const joined = await inject('PUT', `/api/admin/learning/users/${a.learner.id}/audience`, a.as.manager, {
      areaIds: [areaId],
      groupIds: [],
    });
    expect(joined.statusCode, joined.body).toBe(200);
    ids = await listed();
    expect(ids).toContain(inArea.id);

    const got = await inject('GET', `/api/surveys/${open.id}`, a.as.learner, undefined);
    expect(got.json().survey).toMatchObject({
      title: 'Clima da equipe',
      answered: false,
      questions: [{ kind: 'alternative', options: ['Bom', 'Ruim'] }, {}, { kind: 'essay', required: false }],
    });
    const english = await inject('GET', `/api/surveys/${open.id}`, {
      ...a.as.learner,
      'accept-language': 'en-US',
    });
    expect(english.json().survey.title).toBe('Team climate');
    expect(english.json().survey.description).toBe('Conte como foi o trimestre.');

    for (const closed of [future, past]) {
      const res = await inject('POST', `/api/surveys/${closed.id}/answers`, a.as.learner, goodAnswers);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('SURVEY_NOT_OPEN');
    }
  });

  it('checks each answer against its question', async () => {
    const s = await create(survey());
    const cases: [object, string][] = [
      [{ answers: [{ question: 0, options: [] }, goodAnswers.answers[1]] }, 'SURVEY_OPTION_REQUIRED'],
      [{ answers: [goodAnswers.answers[1]] }, 'SURVEY_OPTION_REQUIRED'],
      [{ answers: [{ question: 0, options: [0, 1] }, goodAnswers.answers[1]] }, 'SURVEY_ONE_OPTION_ONLY'],
      [{ answers: [{ question: 0, options: [5] }, goodAnswers.answers[1]] }, 'SURVEY_ANSWER_INVALID'],
      [
        { answers: [{ question: 0, options: [0], text: 'porque' }, goodAnswers.answers[1]] },
        'SURVEY_ANSWER_INVALID',
      ],
      [{ answers: [...goodAnswers.answers, { question: 9, options: [0] }] }, 'SURVEY_ANSWER_INVALID'],
      [
        { answers: [goodAnswers.answers[0], { question: 1, options: [1], text: 'x'.repeat(1001) }] },
        'SURVEY_JUSTIFICATION_TOO_LONG',
      ],
    ];
    for (const [body, code] of cases) {
      const res = await inject('POST', `/api/surveys/${s.id}/answers`, a.as.learner, body);
      expect(res.statusCode, code).toBe(400);
      expect(codesOf(res), code).toContain(code);
    }
    const tooLong = await inject('POST', `/api/surveys/${s.id}/answers`, a.as.learner, {
      answers: [{ question: 2, text: 'x'.repeat(5001) }],
    });
    expect(tooLong.statusCode).toBe(400);
    // Nothing was kept by the refusals: the learner can still answer, once.
    const ok = await inject('POST', `/api/surveys/${s.id}/answers`, a.as.learner, goodAnswers);
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await inject('POST', `/api/surveys/${s.id}/answers`, a.as.learner, goodAnswers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SURVEY_ALREADY_ANSWERED');
    expect((await inject('GET', `/api/surveys/${s.id}`, a.as.learner)).json().survey.answered).toBe(true);
  });

  it('counts a double submit sent in parallel once', async () => {
    const s = await create(survey());
    const { headers } = await newLearner();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => inject('POST', `/api/surveys/${s.id}/answers`, headers, goodAnswers)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = rowsOf<{ responses: number; answers: number }>(
      await t.database.db.execute(sql`select
        (select count(*)::int from survey_responses where client_id = ${a.client.id} and survey_id = ${s.id}) as responses,
        (select count(*)::int from survey_answers where client_id = ${a.client.id} and survey_id = ${s.id}) as answers`),
    );
    expect(rows[0]).toEqual({ responses: 1, answers: 3 });
  });

  it("freezes the questions' kinds and options once answered, texts may still change", async () => {
    const s = await create(survey());
    expect((await inject('POST', `/api/surveys/${s.id}/answers`, a.as.learner, goodAnswers)).statusCode).toBe(
      200,
    );
    const body = survey();
    const changed = { ...body, questions: body.questions.slice(0, 2) };
    const res = await inject('PUT', `/api/admin/surveys/${s.id}`, a.as.manager, changed);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SURVEY_HAS_RESPONSES');
    const retitled = {
      ...body,
      questions: [{ ...body.questions[0], text: pt('Como foi?') }, ...body.questions.slice(1)],
    };
    expect((await inject('PUT', `/api/admin/surveys/${s.id}`, a.as.manager, retitled)).statusCode).toBe(200);
  });
});

describe('results', () => {
  it('counts each option, lists the texts and exports a CSV, for owners and report readers only', async () => {
    const owner = await newLearner();
    const s = await create(survey({ ownerIds: [owner.user.id] }));
    const answers = [
      goodAnswers,
      {
        answers: [
          { question: 0, options: [1] },
          { question: 1, options: [1] },
        ],
      },
      {
        answers: [
          { question: 0, options: [0] },
          { question: 1, options: [1], text: '=1+1' },
          { question: 2, text: 'Nada.' },
        ],
      },
    ];
    for (const body of answers) {
      const { headers } = await newLearner();
      expect((await inject('POST', `/api/surveys/${s.id}/answers`, headers, body)).statusCode).toBe(200);
    }
    const res = await inject('GET', `/api/surveys/${s.id}/results`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      responses: 3,
      questions: [
        {
          index: 0,
          answered: 3,
          options: [
            { text: 'Bom', count: 2 },
            { text: 'Ruim', count: 1 },
          ],
        },
        { index: 1, answered: 3, texts: 2, options: [{ count: 1 }, { count: 2 }, { count: 1 }] },
        { index: 2, kind: 'essay', answered: 2, texts: 2, options: [] },
      ],
    });
    const texts = await inject(
      'GET',
      `/api/surveys/${s.id}/results/texts?question=2&pageSize=1&page=2`,
      a.as.manager,
    );
    expect(texts.json()).toMatchObject({ total: 2, page: 2, texts: [{ text: 'Nada.' }] });

    const csv = await inject('GET', `/api/surveys/${s.id}/results.csv`, owner.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      '"response","answered_at","1. Como foi o trimestre?","2. O que ajudou?","2. O que ajudou? (+)","3. Sugestões"',
    );
    expect(lines[1]).toContain('"Bom","Treinos; =Metas","Os treinos de vendas.","Mais treinos."');
    expect(lines[3]).toContain(`"'=1+1"`);

    const ownedIds = async (headers: object) =>
      ((await inject('GET', '/api/surveys/owned', headers)).json().surveys as { id: number }[]).map(
        (x) => x.id,
      );
    expect(await ownedIds(owner.headers)).toEqual([s.id]);
    expect(await ownedIds(a.as.manager)).toContain(s.id);
    expect(await ownedIds(a.as.learner)).toEqual([]);
    expect(await ownedIds(b.as.manager)).not.toContain(s.id);

    for (const url of [`/api/surveys/${s.id}/results`, `/api/surveys/${s.id}/results.csv`]) {
      expect((await inject('GET', url, a.as.learner)).statusCode, url).toBe(403);
    }
  });
});

describe('the session', () => {
  it('says so while a mandatory survey of my audience is open and unanswered', async () => {
    const w = await learningWorld(t);
    const sessionOf = async (headers: object) => (await inject('GET', '/api/session', headers)).json().user;
    expect(await sessionOf(w.as.learner)).toMatchObject({ mandatorySurveys: false, mandatorySurveyId: null });
    await create(survey({ mandatory: true, audience: { roles: ['manager'] } }), w);
    await create(survey({ mandatory: true, published: false }), w);
    await create(survey({ mandatory: true, startsAt: at(1), endsAt: at(2) }), w);
    expect(await sessionOf(w.as.learner)).toMatchObject({ mandatorySurveys: false, mandatorySurveyId: null });

    const s = await create(survey({ mandatory: true }), w);
    expect(await sessionOf(w.as.learner)).toMatchObject({ mandatorySurveys: true, mandatorySurveyId: s.id });
    expect((await inject('POST', `/api/surveys/${s.id}/answers`, w.as.learner, goodAnswers)).statusCode).toBe(
      200,
    );
    expect(await sessionOf(w.as.learner)).toMatchObject({ mandatorySurveys: false, mandatorySurveyId: null });
    // Another client's mandatory survey is not this client's.
    expect(await sessionOf(a.as.learner)).toMatchObject({ mandatorySurveys: false });
  });
});
