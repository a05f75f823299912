import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { QuestionBankService } from '../assessments/question-bank.service';
import type { BadgesService } from '../rewards/badges.service';
import type { LedgerPort } from '../rewards/ports';
import { registerDailyChallengeRoutes } from './daily-challenge.routes';
import { createDailyChallengeService } from './daily-challenge.service';

/**
 * The daily challenge (docs/daily-challenge.md): one question of the client's bank a day (assessments'
 * service), answered once per local day, credited through the ledger port, with a streak and its badge
 * (the badges service).
 */
export function registerDailyChallenge(
  app: App,
  deps: CoreDeps & { questionBank: QuestionBankService; ledger: LedgerPort; badges: BadgesService },
) {
  const dailyChallenge = createDailyChallengeService({
    db: deps.db,
    questionBank: deps.questionBank,
    ledger: deps.ledger,
    badges: deps.badges,
    directory: deps.services.directory,
    now: () => new Date(),
  });
  registerDailyChallengeRoutes(app, deps, dailyChallenge);
  return { dailyChallenge };
}

export type DailyChallengeModule = ReturnType<typeof registerDailyChallenge>;
