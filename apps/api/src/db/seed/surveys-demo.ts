import { hash } from '@node-rs/argon2';
import { and, eq, inArray } from 'drizzle-orm';
import { makeValidCpf } from '@trilha/domain/document';
import type { SurveyValues } from '@trilha/contracts/surveys';
import type { Db } from '../client';
import { clients, countries } from '../schema/core';
import { audienceGroupMembers, audienceGroups } from '../schema/learning';
import { surveyAnswers, surveyResponses, surveys } from '../schema/surveys';
import { userClients, users } from '../schema/users';
import { DEMO_PASSWORD } from './demo';
import type { Seeder } from './run-seeders';

const DAY = 86_400_000;

/** The demo account a mandatory survey waits for at sign-in; no browser journey but the surveys one uses it. */
export const SURVEY_DEMO_EMAIL = 'survey@demo.example';
export const SURVEY_DEMO_GROUP = 'Pesquisa de boas-vindas';

type Texts = SurveyValues['title'];
const t = (pt: string, en: string, es: string, fr: string): Texts => ({ 'pt-BR': pt, 'en-US': en, es, fr });
type Question = SurveyValues['questions'][number];
const q = (kind: Question['kind'], text: Texts, options: Texts[] = [], required = true): Question => ({
  kind,
  text,
  required,
  options: options.map((o) => ({ text: o })),
});

const welcome: Question[] = [
  q(
    'alternative',
    t(
      'Como você conheceu o programa?',
      'How did you hear about the programme?',
      '¿Cómo conociste el programa?',
      'Comment avez-vous connu le programme ?',
    ),
    [
      t('Pelo meu gestor', 'From my manager', 'Por mi gerente', 'Par mon responsable'),
      t('Por colegas', 'From colleagues', 'Por compañeros', 'Par des collègues'),
      t(
        'Pelo e-mail de convite',
        'From the invitation e-mail',
        'Por el correo de invitación',
        'Par l’e-mail d’invitation',
      ),
    ],
  ),
  q(
    'multiple_choice',
    t(
      'Que temas interessam a você?',
      'Which topics interest you?',
      '¿Qué temas te interesan?',
      'Quels sujets vous intéressent ?',
    ),
    [
      t('Vendas', 'Sales', 'Ventas', 'Ventes'),
      t('Atendimento', 'Customer service', 'Atención al cliente', 'Service client'),
      t('Produtos', 'Products', 'Productos', 'Produits'),
    ],
  ),
  q(
    'essay',
    t(
      'Algo mais que devemos saber?',
      'Anything else we should know?',
      '¿Algo más que debamos saber?',
      'Autre chose à nous dire ?',
    ),
    [],
    false,
  ),
];

const climate: Question[] = [
  q(
    'alternative_justified',
    t(
      'Como você avalia os treinamentos deste trimestre?',
      'How do you rate this quarter’s training?',
      '¿Cómo evalúas las capacitaciones de este trimestre?',
      'Comment évaluez-vous les formations de ce trimestre ?',
    ),
    [
      t('Ótimos', 'Great', 'Excelentes', 'Excellentes'),
      t('Bons', 'Good', 'Buenas', 'Bonnes'),
      t('Regulares', 'Fair', 'Regulares', 'Moyennes'),
      t('Ruins', 'Poor', 'Malas', 'Mauvaises'),
    ],
  ),
  q(
    'multiple_choice_justified',
    t(
      'Quais formatos você prefere?',
      'Which formats do you prefer?',
      '¿Qué formatos prefieres?',
      'Quels formats préférez-vous ?',
    ),
    [
      t('Vídeos curtos', 'Short videos', 'Videos cortos', 'Vidéos courtes'),
      t('Podcasts', 'Podcasts', 'Podcasts', 'Podcasts'),
      t('Aulas ao vivo', 'Live classes', 'Clases en vivo', 'Cours en direct'),
      t('Leituras', 'Reading', 'Lecturas', 'Lectures'),
    ],
    false,
  ),
  q(
    'essay',
    t(
      'O que podemos melhorar?',
      'What can we improve?',
      '¿Qué podemos mejorar?',
      'Que pouvons-nous améliorer ?',
    ),
    [],
    false,
  ),
];

/** Answers of demo accounts to the climate survey: [option of Q1, options of Q2, justification, essay]. */
const climateAnswers: [number, number[], string, string][] = [
  [0, [0, 2], 'Os vídeos curtos cabem na rotina da loja.', 'Mais conteúdo sobre a linha nova.'],
  [1, [1], 'Ouço no caminho para o trabalho.', ''],
  [1, [0, 3], '', 'Certificados mais rápidos.'],
  [2, [2], 'Gosto de tirar dúvidas ao vivo.', 'Horários à noite para as aulas ao vivo.'],
];

/**
 * Surveys of the demo (docs/surveys.md), in Aurora: a mandatory welcome survey for the group of one
 * account of its own (`survey@demo.example`), so signing in with it shows the guard while the other demo
 * accounts and the browser journeys that use them are never redirected; and an open, optional climate
 * survey for everyone, already answered by a few demo accounts so its results have something to show.
 */
export const surveysDemoSeeder: Seeder = {
  name: 'surveys-demo',
  async run(db: Db) {
    const [aurora] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'aurora'));
    if (!aurora) return;
    const clientId = aurora.id;
    const [bra] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'BRA'));
    const [user] = await db
      .insert(users)
      .values({
        username: 'survey',
        email: SURVEY_DEMO_EMAIL,
        document: makeValidCpf('461978235'),
        documentCountry: 'BRA',
        passwordHash: await hash(DEMO_PASSWORD),
        firstName: 'Sofia',
        lastName: 'Pereira',
        status: 'active',
        countryId: bra?.id ?? null,
        languageId: 1,
        selectedClientId: clientId,
        termsAcceptedAt: new Date(),
      })
      .returning({ id: users.id });
    await db.insert(userClients).values({ userId: user!.id, clientId, roles: ['sales_agent'] });
    const [group] = await db
      .insert(audienceGroups)
      .values({ clientId, name: SURVEY_DEMO_GROUP })
      .returning({ id: audienceGroups.id });
    await db.insert(audienceGroupMembers).values({ groupId: group!.id, userId: user!.id });

    const staff = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['manager@demo.example', 'instructor@demo.example']));
    const now = Date.now();
    await db.insert(surveys).values({
      clientId,
      title: t(
        'Boas-vindas ao programa',
        'Welcome to the programme',
        'Bienvenida al programa',
        'Bienvenue dans le programme',
      ),
      description: t(
        'Três perguntas rápidas para conhecermos você.',
        'Three quick questions so we get to know you.',
        'Tres preguntas rápidas para conocerte.',
        'Trois questions rapides pour mieux vous connaître.',
      ),
      mandatory: true,
      published: true,
      startsAt: new Date(now - DAY),
      endsAt: new Date(now + 365 * DAY),
      audienceGroupIds: [group!.id],
      ownerIds: staff.map((s) => s.id),
      questions: welcome,
    });
    const [open] = await db
      .insert(surveys)
      .values({
        clientId,
        title: t(
          'Clima dos treinamentos',
          'Training climate',
          'Clima de las capacitaciones',
          'Climat des formations',
        ),
        description: t(
          'Conte o que achou dos treinamentos do trimestre.',
          'Tell us what you thought of this quarter’s training.',
          'Cuéntanos qué te parecieron las capacitaciones del trimestre.',
          'Dites-nous ce que vous avez pensé des formations du trimestre.',
        ),
        mandatory: false,
        published: true,
        startsAt: new Date(now - 10 * DAY),
        endsAt: new Date(now + 60 * DAY),
        ownerIds: staff.filter((s) => s.email === 'instructor@demo.example').map((s) => s.id),
        questions: climate,
      })
      .returning({ id: surveys.id });

    const answerers = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userClients, and(eq(userClients.userId, users.id), eq(userClients.clientId, clientId)))
      .where(
        inArray(users.email, [
          'moderator@demo.example',
          'admin@demo.example',
          'support@demo.example',
          'blocked@demo.example',
        ]),
      )
      .orderBy(users.id);
    for (const [i, a] of answerers.entries()) {
      const [one, many, justification, essay] = climateAnswers[i % climateAnswers.length]!;
      const [response] = await db
        .insert(surveyResponses)
        .values({ clientId, surveyId: open!.id, userId: a.id, createdAt: new Date(now - (i + 1) * DAY) })
        .returning({ id: surveyResponses.id });
      const base = { clientId, surveyId: open!.id, responseId: response!.id };
      await db
        .insert(surveyAnswers)
        .values([
          { ...base, questionIndex: 0, optionIndexes: [one], text: justification },
          { ...base, questionIndex: 1, optionIndexes: many, text: '' },
          ...(essay ? [{ ...base, questionIndex: 2, optionIndexes: [], text: essay }] : []),
        ]);
    }
  },
};
