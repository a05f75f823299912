import {
  answerBody,
  isChoiceKind,
  justifiedKinds,
  surveyLimits,
  type AnswerBody,
  type SurveyQuestion,
} from '@trilha/contracts/surveys';
import { fieldError, validationFailed } from '../../lib/field-errors';

/**
 * Answers checked against a survey's questions (docs/surveys.md, "The rules of answering"): what each
 * kind allows, and every required question given. Shared by surveys and reaction evaluations; errors name
 * the question (`answers.<n>`). Returns the answers to keep, by question.
 */
export function checkSurveyAnswers(questions: readonly SurveyQuestion[], body: AnswerBody) {
  const parsed = answerBody.safeParse(body);
  if (!parsed.success) throw validationFailed(parsed.error.issues);
  const byQuestion = new Map<number, (typeof parsed.data.answers)[number]>();
  for (const a of parsed.data.answers) {
    const path = `answers.${a.question}`;
    const q = questions[a.question];
    if (!q || byQuestion.has(a.question)) throw fieldError(path, 'SURVEY_ANSWER_INVALID');
    const options = [...new Set(a.options)];
    if (isChoiceKind(q.kind)) {
      if (options.length === 0) throw fieldError(path, 'SURVEY_OPTION_REQUIRED');
      if (options.some((o) => o >= q.options.length)) throw fieldError(path, 'SURVEY_ANSWER_INVALID');
      if (q.kind.startsWith('alternative') && options.length > 1) {
        throw fieldError(path, 'SURVEY_ONE_OPTION_ONLY');
      }
      if (!justifiedKinds.includes(q.kind) && a.text) throw fieldError(path, 'SURVEY_ANSWER_INVALID');
      if (a.text.length > surveyLimits.justification) {
        throw fieldError(path, 'SURVEY_JUSTIFICATION_TOO_LONG');
      }
    } else {
      if (options.length > 0) throw fieldError(path, 'SURVEY_ANSWER_INVALID');
      if (!a.text) continue; // an empty essay is no answer
    }
    byQuestion.set(a.question, { ...a, options });
  }
  questions.forEach((q, index) => {
    if (q.required && !byQuestion.has(index)) {
      throw fieldError(
        `answers.${index}`,
        isChoiceKind(q.kind) ? 'SURVEY_OPTION_REQUIRED' : 'SURVEY_ANSWER_REQUIRED',
      );
    }
  });
  return [...byQuestion.values()].map((a) => ({
    questionIndex: a.question,
    optionIndexes: a.options.sort((x, y) => x - y),
    text: a.text,
  }));
}
