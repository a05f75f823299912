import type { Question } from '@trilha/contracts/assessments/questions';
import { excerptOf, linesOf, type ParseResult } from './parsed';

/**
 * The Aiken format (docs/assessments.md, "Aiken"): single-choice questions only, each a stem, options
 * lettered `A.` or `A)`, and `ANSWER: X`. A question ends at its ANSWER line; one that reaches the next
 * stem (or the end) without it is refused, and so is an answer letter that names no option.
 */

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER:\s*(.*)$/i;

export function parseAiken(text: string): ParseResult {
  const result: ParseResult = { questions: [], refused: [] };
  const lines = linesOf(text);
  let stem: string[] = [];
  let options: { letter: string; text: string }[] = [];
  let start = 0;

  const refuse = (reason: string) => {
    result.refused.push({ line: start, reason, excerpt: excerptOf(stem.join(' ')) });
    stem = [];
    options = [];
  };

  lines.forEach((content, index) => {
    const line = content.trim();
    if (line === '') return;
    const answer = ANSWER.exec(line);
    if (answer) {
      if (stem.length === 0) {
        start = index + 1;
        return refuse('ASSESSMENT_IMPORT_AIKEN_NO_ANSWER');
      }
      const letter = answer[1]!.trim().toUpperCase();
      const chosen = options.findIndex((o) => o.letter === letter);
      if (!/^[A-Z]$/.test(letter) || chosen === -1) return refuse('ASSESSMENT_IMPORT_AIKEN_BAD_LETTER');
      result.questions.push({
        line: start,
        excerpt: excerptOf(stem.join(' ')),
        category: null,
        body: {
          kind: 'single_choice',
          stem: stem.join('\n'),
          options: options.map((o, i) => ({ text: o.text, correct: i === chosen })),
        },
      });
      stem = [];
      options = [];
      return;
    }
    const option = OPTION.exec(line);
    if (option && stem.length > 0) {
      options.push({ letter: option[1]!, text: option[2]!.trim() });
      return;
    }
    // A line that is no option after the options: the question before had no ANSWER line.
    if (options.length > 0) refuse('ASSESSMENT_IMPORT_AIKEN_NO_ANSWER');
    if (stem.length === 0) start = index + 1;
    stem.push(line);
  });
  if (stem.length > 0) refuse('ASSESSMENT_IMPORT_AIKEN_NO_ANSWER');
  return result;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const oneLine = (s: string) =>
  s
    .split(/[\r\n]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');

/**
 * Writes the single-choice questions as Aiken (a stem and its options on one line each); every other kind
 * is counted as skipped, since Aiken has no way to say it.
 */
export function writeAiken(questions: readonly Question[]): {
  text: string;
  written: number;
  skipped: number;
} {
  const out: string[] = [];
  for (const q of questions) {
    if (q.kind !== 'single_choice') continue;
    const right = q.options.findIndex((o) => o.correct);
    out.push(
      oneLine(q.stem),
      ...q.options.map((o, i) => `${LETTERS[i]}. ${oneLine(o.text)}`),
      `ANSWER: ${LETTERS[right]}`,
      '',
    );
  }
  const written = questions.filter((q) => q.kind === 'single_choice').length;
  return { text: out.join('\n'), written, skipped: questions.length - written };
}
