import type { QuestionBody } from '@trilha/contracts/assessments/questions';
import type { ImportRefusal } from '@trilha/contracts/assessments/import';

/** A question read from a file, before the contract's checks; `line` is where it starts (1-based). */
export interface ParsedQuestion {
  line: number;
  excerpt: string;
  /** GIFT's `$CATEGORY:` in force (its last segment), if any. */
  category: string | null;
  body: QuestionBody;
}

export interface ParseResult {
  questions: ParsedQuestion[];
  refused: ImportRefusal[];
}

/** Why a question was left out: an error code of errors-assessments.ts. */
export class Refusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The first characters of a question, for the refusal list. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/** Lines of a file, whatever its line endings, without a byte order mark. */
export function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}
