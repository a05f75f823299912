import { inArray } from 'drizzle-orm';
import { dailyChallengeKinds, type DailyAnswerBody } from '@trilha/contracts/daily-challenge';
import type { Question } from '@trilha/contracts/assessments/questions';
import { badgeBody } from '@trilha/contracts/rewards/badges';
import { addDays, formatCalendarDate, zonedDateTime } from '@trilha/domain/time-zone';
import type { Storage } from '../../lib/storage';
import { createQuestionBankService } from '../../modules/assessments/question-bank.service';
import { createDailyChallengeService } from '../../modules/daily-challenge/daily-challenge.service';
import { createBadgesRepo } from '../../modules/rewards/badges.repo';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import { createUserDirectory } from '../../modules/users/user-directory';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { users } from '../schema/users';
import { fileSeeder, type FileSeederOptions } from './file-seeder';
import type { Seeder } from './run-seeders';

const DAY = 86_400_000;
/** Days scheduled: from five days ago to 24 days ahead (a month on the calendar). */
const PAST_DAYS = 5;
const MONTH = 30;
const STREAK_BADGE_DAYS = 7;

/** The answer that is right for a question, or a wrong one. */
function answerFor(q: Question, right: boolean): DailyAnswerBody {
  switch (q.kind) {
    case 'single_choice': {
      const correct = q.options.findIndex((o) => o.correct);
      return { kind: 'single_choice', option: right ? correct : (correct + 1) % q.options.length };
    }
    case 'multiple_choice': {
      const good = q.options.flatMap((o, i) => (o.weight > 0 ? [i] : []));
      const bad = q.options.flatMap((o, i) => (o.weight <= 0 ? [i] : []));
      return { kind: 'multiple_choice', options: right || !bad.length ? good : bad };
    }
    case 'true_false':
      return { kind: 'true_false', value: right ? q.answer : !q.answer };
    default:
      throw new Error(`daily challenge demo: ${q.kind} cannot be a challenge`);
  }
}

/**
 * The daily challenge demo (docs/daily-challenge.md): Aurora Varejo's calendar of a month scheduled by the
 * demo manager from Aurora's bank (every auto-graded question in turn), a streak badge at seven days, and
 * learner@demo.example's answers on each of the last five days (one of them wrong), written through the
 * service on a clock set to each of those days: a streak of five, today still to answer.
 */
async function seedDailyChallenge(db: Db, storage: Storage) {
  const [aurora] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(inArray(clients.slug, ['aurora']));
  const people = await db
    .select({ id: users.id, email: users.email, timeZone: users.timeZone })
    .from(users)
    .where(inArray(users.email, ['manager@demo.example', 'learner@demo.example']));
  const manager = people.find((u) => u.email === 'manager@demo.example');
  const learner = people.find((u) => u.email === 'learner@demo.example');
  if (!aurora || !manager || !learner) return;
  const clientId = aurora.id;

  const questionBank = createQuestionBankService({ db, storage });
  const questions: Question[] = [];
  for (const kind of dailyChallengeKinds) {
    questions.push(...(await questionBank.list(clientId, { kind, page: 1, pageSize: 100 })).questions);
  }
  if (!questions.length) return;
  questions.sort((a, b) => a.id - b.id);

  const clock = { now: new Date() };
  const service = createDailyChallengeService({
    db,
    questionBank,
    ledger: createLedgerService({ db }),
    // The demo streak (five days) stays below the badge's seven: no grant happens here.
    badges: {
      grantById: () => Promise.reject(new Error('daily challenge demo: no badge is reached by the demo')),
    },
    directory: createUserDirectory(db),
    now: () => clock.now,
  });

  const badge = await createBadgesRepo(db, clientId).create(
    badgeBody.parse({
      criterion: 'manual',
      texts: {
        'pt-BR': {
          name: 'Sete dias de desafio',
          description: 'Respondeu o desafio do dia sete dias seguidos.',
        },
        'en-US': {
          name: 'Seven-day challenger',
          description: 'Answered the daily challenge seven days in a row.',
        },
        es: {
          name: 'Siete días de desafío',
          description: 'Respondió el desafío del día siete días seguidos.',
        },
        fr: { name: 'Sept jours de défi', description: 'A répondu au défi du jour sept jours d’affilée.' },
      },
    }),
  );
  await service.setStreakBadge(clientId, badge.id, STREAK_BADGE_DAYS);

  // The learner's today, in their own time zone: the month runs from five days before it.
  const today = zonedDateTime(clock.now, learner.timeZone);
  const actor = { clientId, userId: manager.id };
  for (let i = 0; i < MONTH; i++) {
    const day = formatCalendarDate(addDays(today, i - PAST_DAYS));
    const q = questions[i % questions.length]!;
    await service.schedule(actor, day, { questionId: q.id, points: 10 + 5 * (i % 3), xp: 10 });
  }

  const as = { clientId, userId: learner.id, lang: 'pt-BR' as const };
  for (let i = 0; i < PAST_DAYS; i++) {
    const daysAgo = PAST_DAYS - i;
    clock.now = new Date(Date.now() - daysAgo * DAY);
    const q = questions[i % questions.length]!;
    // The third day was answered wrong: the streak counts days answered, right or not.
    await service.answer(as, answerFor(q, i !== 2));
  }
}

export type DailyChallengeDemoOptions = FileSeederOptions;

export function createDailyChallengeDemoSeeder(opts: DailyChallengeDemoOptions = {}): Seeder {
  return fileSeeder('daily-challenge-demo', opts, (db, storage) => seedDailyChallenge(db, storage));
}

export const dailyChallengeDemoSeeder = createDailyChallengeDemoSeeder();
