import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { registerQuestionBankRoutes } from './question-bank.routes';
import { createQuestionBankService } from './question-bank.service';

/**
 * Assessments: for now the question bank (its editor, categories and GIFT and Aiken files); tests,
 * quizzes and surveys will draw their questions from it.
 */
export function registerAssessments(app: App, deps: CoreDeps) {
  const questionBank = createQuestionBankService({ db: deps.db, storage: deps.storage });
  registerQuestionBankRoutes(app, deps, questionBank);
  return { questionBank };
}
