import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LearningModule } from '../learning/learning.feature';
import { registerAttemptRoutes } from './attempts.routes';
import { createAttemptsService } from './attempts.service';
import { registerQuestionBankRoutes } from './question-bank.routes';
import { createQuestionBankService } from './question-bank.service';

declare module '../../jobs/job-queue' {
  interface JobPayloads {
    /** Every minute: closes the attempts whose time limit passed, with the answers saved before it. */
    'assessments.close-overdue-attempts': Record<string, never>;
  }
}

/** Every minute: an attempt left open by a closed browser is graded within a minute of its deadline. */
export const CLOSE_OVERDUE_ATTEMPTS_CRON = '* * * * *';

/**
 * Assessments: the question bank (its editor, categories and GIFT and Aiken files), and tests and quizzes
 * as activities of courses (attempts graded on the server, the kinds' rules, essay grading, unblocks).
 */
export function registerAssessments(app: App, deps: CoreDeps & { learning: LearningModule }) {
  const questionBank = createQuestionBankService({ db: deps.db, storage: deps.storage });
  registerQuestionBankRoutes(app, deps, questionBank);
  const attempts = createAttemptsService({ db: deps.db, learning: deps.learning, events: deps.jobs });
  registerAttemptRoutes(app, deps, { attempts, viewers: deps.learning.viewers });

  deps.jobs.define({
    name: 'assessments.close-overdue-attempts',
    cron: CLOSE_OVERDUE_ATTEMPTS_CRON,
    retryLimit: 2,
    async handler() {
      // Closing is idempotent (an attempt already closed is skipped), so a retry is safe.
      while ((await attempts.closeOverdue(200)) === 200);
    },
  });

  return { questionBank, attempts };
}
