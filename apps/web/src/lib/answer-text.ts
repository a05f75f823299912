import type { Answer, AttemptQuestion } from '@trilha/contracts/assessments/attempts';
import type { TFunction } from 'i18next';
import { currentLanguage } from './i18n';

/** Points as the language writes them: at most two decimals (0,33 in Portuguese). */
export function formatPoints(points: number): string {
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(points);
}

/** An answer written out in words, with the texts the attempt showed: the learner's review and the back office's attempt. */
export function answerText(
  question: Pick<AttemptQuestion, 'options' | 'left' | 'right' | 'items'>,
  answer: Answer | null,
  t: TFunction<'assessments-player'>,
): string {
  if (!answer) return t('review.noAnswer');
  const textOf = (list: AttemptQuestion['options'], index: number) =>
    list?.find((x) => x.index === index)?.text ?? `#${index + 1}`;
  switch (answer.kind) {
    case 'single_choice':
      return textOf(question.options, answer.option);
    case 'multiple_choice':
      return answer.options.length
        ? answer.options.map((i) => textOf(question.options, i)).join('; ')
        : t('review.noAnswer');
    case 'true_false':
      return answer.value ? t('question.true') : t('question.false');
    case 'matching':
      return answer.pairs.length
        ? answer.pairs
            .map((p) => `${textOf(question.left, p.left)} → ${textOf(question.right, p.right)}`)
            .join('; ')
        : t('review.noAnswer');
    case 'ordering':
      return answer.order.map((i, n) => `${n + 1}. ${textOf(question.items, i)}`).join('  ');
    case 'numeric':
      return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 6 }).format(answer.value);
    case 'short_answer':
    case 'essay':
      return answer.text || t('review.noAnswer');
  }
}
