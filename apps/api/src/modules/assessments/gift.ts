import type { Question, QuestionBody } from '@trilha/contracts/assessments/questions';
import { excerptOf, linesOf, Refusal, type ParseResult, type ParsedQuestion } from './parsed';

/**
 * Moodle's GIFT format (docs/assessments.md, "GIFT"): read into question bodies, and written back so that
 * reading the file again gives the same questions. What the bank cannot hold without changing its meaning
 * (a missing word inside a sentence, a description with no answers, partial credit on a single choice) is
 * refused with a reason rather than read differently from what the author wrote.
 */

const SPECIAL = new Set(['~', '=', '#', '{', '}', ':', '\\']);
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** Index of the first `token` not preceded by a backslash escape, from `from`; -1 if none. */
function indexUnescaped(s: string, token: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(token, i)) return i;
  }
  return -1;
}

function splitOnce(s: string, token: string): [string, string | undefined] {
  const at = indexUnescaped(s, token);
  return at === -1 ? [s, undefined] : [s.slice(0, at), s.slice(at + token.length)];
}

/** Splits at every unescaped `token`, in one pass (a file may hold a million of them). */
function splitAll(s: string, token: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let at = indexUnescaped(s, token); at !== -1; at = indexUnescaped(s, token, from)) {
    parts.push(s.slice(from, at));
    from = at + token.length;
  }
  parts.push(s.slice(from));
  return parts;
}

/** GIFT escapes (`\~ \= \# \{ \} \: \\`) and `\n` as a new line. */
function unescape(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const next = s[i + 1];
    if (c === '\\' && next !== undefined) {
      if (SPECIAL.has(next)) {
        out += next;
        i++;
        continue;
      }
      if (next === 'n') {
        out += '\n';
        i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** HTML as the plain text the bank stores: line breaks kept, tags dropped, entities decoded. */
function htmlToText(html: string): string {
  return (
    html
      .replace(/<\s*br\s*\/?>/gi, '\n')
      .replace(/<\/\s*(p|div|li|h[1-6])\s*>/gi, '\n')
      // `[^<>]` rather than `[^>]`: a run of `<` without `>` stays linear instead of rescanning to the end.
      .replace(/<[^<>]*>/g, '')
      .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{1,10});/gi, (whole, name: string) => {
        if (name.startsWith('#')) {
          const code =
            name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
        }
        return ENTITIES[name.toLowerCase()] ?? whole;
      })
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
  );
}

type Format = 'html' | 'markdown' | 'plain' | 'moodle';

/** One GIFT text as plain text: unescaped, and stripped of tags when the question is [html]. */
function plain(raw: string, format: Format): string {
  const text = unescape(raw.trim());
  return (format === 'html' ? htmlToText(text) : text).trim();
}

interface Answer {
  mark: '=' | '~';
  weight: number | undefined;
  text: string;
  feedback: string;
}

/** `=a#fb ~%50%b` as its answers; text before the first mark is not GIFT. */
function answersOf(block: string, format: Format): Answer[] {
  const starts: number[] = [];
  for (let i = 0; i < block.length; i++) {
    if (block[i] === '\\') {
      i++;
      continue;
    }
    if (block[i] === '=' || block[i] === '~') starts.push(i);
  }
  if (starts.length === 0 || block.slice(0, starts[0]).trim() !== '') {
    throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
  }
  return starts.map((start, n) => {
    let body = block.slice(start + 1, starts[n + 1] ?? block.length);
    let weight: number | undefined;
    const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(body);
    if (w) {
      weight = Number(w[1]);
      body = body.slice(w[0].length);
    }
    const [text, feedback] = splitOnce(body, '#');
    return {
      mark: block[start] as '=' | '~',
      weight,
      text: text.trim(),
      feedback: plain(feedback ?? '', format),
    };
  });
}

/**
 * A feedback given on the one right answer of a numeric or short-answer question (`{=Brasília#Yes}`) has
 * no place of its own in the bank: it becomes the general feedback when that is empty and every variant
 * says the same, otherwise the question is refused rather than lose it.
 */
function foldFeedback(feedbacks: string[], general: string): string {
  const given = [...new Set(feedbacks.filter((f) => f !== ''))];
  if (given.length === 0) return general;
  if (given.length === 1 && general === '') return given[0]!;
  throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
}

function numberOf(raw: string): number {
  const s = raw.trim();
  if (!DECIMAL.test(s) || !Number.isFinite(Number(s))) throw new Refusal('ASSESSMENT_IMPORT_BAD_NUMBER');
  return Number(s);
}

function numericOf(block: string, format: Format, general: string) {
  let body = block.trim();
  if (body.startsWith('=')) {
    const answers = answersOf(body, format);
    // Several numeric answers with partial credit: the bank keeps one right answer per question.
    if (answers.length !== 1 || (answers[0]!.weight ?? 100) !== 100) {
      throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
    }
    general = foldFeedback([answers[0]!.feedback], general);
    body = answers[0]!.text;
  } else {
    const [value, feedback] = splitOnce(body, '#');
    general = foldFeedback([plain(feedback ?? '', format)], general);
    body = value.trim();
  }
  const dots = body.indexOf('..');
  if (dots !== -1) {
    return {
      answer: {
        mode: 'range' as const,
        min: numberOf(body.slice(0, dots)),
        max: numberOf(body.slice(dots + 2)),
      },
      generalFeedback: general,
    };
  }
  const [value, tolerance] = body.split(':');
  if (body.split(':').length > 2) throw new Refusal('ASSESSMENT_IMPORT_BAD_NUMBER');
  return {
    answer: {
      mode: 'value' as const,
      value: numberOf(value ?? ''),
      tolerance: tolerance === undefined ? 0 : Math.abs(numberOf(tolerance)),
    },
    generalFeedback: general,
  };
}

interface Meta {
  tags: string[];
  points: number | undefined;
}

/** One question's text (without its comments) as a body; throws a Refusal. */
function questionOf(raw: string, meta: Meta): QuestionBody {
  let rest = raw.trim();
  let title = '';
  if (rest.startsWith('::')) {
    const end = indexUnescaped(rest, '::', 2);
    if (end === -1) throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
    title = unescape(rest.slice(2, end)).trim();
    rest = rest.slice(end + 2).trimStart();
  }
  let format: Format = 'moodle';
  const f = /^\[(html|markdown|plain|moodle)\]/i.exec(rest);
  if (f) {
    format = f[1]!.toLowerCase() as Format;
    rest = rest.slice(f[0].length);
  }
  const open = indexUnescaped(rest, '{');
  if (open === -1) throw new Refusal('ASSESSMENT_IMPORT_DESCRIPTION_ONLY');
  const close = indexUnescaped(rest, '}', open + 1);
  const nested = indexUnescaped(rest, '{', open + 1);
  if (close === -1 || (nested !== -1 && nested < close))
    throw new Refusal('ASSESSMENT_IMPORT_UNCLOSED_BRACE');
  if (indexUnescaped(rest, '{', close + 1) !== -1 || indexUnescaped(rest, '}', close + 1) !== -1) {
    throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
  }
  // Text after the answers makes the answers a missing word inside the sentence, which the bank has no kind for.
  if (rest.slice(close + 1).trim() !== '') throw new Refusal('ASSESSMENT_IMPORT_MISSING_WORD');

  const stem = plain(rest.slice(0, open), format);
  const [block, generalRaw] = splitOnce(rest.slice(open + 1, close), '####');
  const generalFeedback = plain(generalRaw ?? '', format);
  const common = {
    title,
    stem,
    generalFeedback,
    tags: meta.tags,
    ...(meta.points !== undefined ? { points: meta.points } : {}),
  };
  const answers = block.trim();

  if (answers === '') return { ...common, kind: 'essay' };
  if (answers.startsWith('#')) {
    return { ...common, kind: 'numeric', ...numericOf(answers.slice(1), format, generalFeedback) };
  }
  const tf = /^(T|F|TRUE|FALSE)\s*(#|$)/i.exec(answers);
  if (tf) {
    const parts = splitAll(answers, '#').map((p) => plain(p, format));
    if (parts.length > 3) throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
    const answer = tf[1]!.toUpperCase().startsWith('T');
    const wrong = parts[1] ?? '';
    const right = parts[2] ?? '';
    return {
      ...common,
      kind: 'true_false',
      answer,
      feedbackTrue: answer ? right : wrong,
      feedbackFalse: answer ? wrong : right,
    };
  }

  const list = answersOf(answers, format);
  const right = list.filter((a) => a.mark === '=');
  const wrong = list.filter((a) => a.mark === '~');
  const pairs = list.filter((a) => indexUnescaped(a.text, '->') !== -1);
  if (pairs.length > 0) {
    if (pairs.length !== list.length || wrong.length > 0) throw new Refusal('ASSESSMENT_IMPORT_BAD_MATCHING');
    if (list.some((a) => a.feedback !== '' || a.weight !== undefined)) {
      throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
    }
    return {
      ...common,
      kind: 'matching',
      pairs: list.map((a) => {
        const [left, r] = splitOnce(a.text, '->');
        return { left: plain(left, format), right: plain(r ?? '', format) };
      }),
    };
  }
  if (wrong.length === 0) {
    // Only right answers: the accepted variants of a short answer.
    if (right.some((a) => (a.weight ?? 100) !== 100)) throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
    return {
      ...common,
      kind: 'short_answer',
      answers: right.map((a) => plain(a.text, format)),
      generalFeedback: foldFeedback(
        right.map((a) => a.feedback),
        generalFeedback,
      ),
    };
  }
  if (right.length === 1) {
    // Partial credit on a wrong option of a single choice has no place in the bank: refused, not dropped.
    if (wrong.some((a) => (a.weight ?? 0) !== 0) || (right[0]!.weight ?? 100) !== 100) {
      throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
    }
    return {
      ...common,
      kind: 'single_choice',
      options: list.map((a) => ({
        text: plain(a.text, format),
        correct: a.mark === '=',
        feedback: a.feedback,
      })),
    };
  }
  if (right.length > 1) throw new Refusal('ASSESSMENT_IMPORT_UNSUPPORTED');
  if (!wrong.some((a) => (a.weight ?? 0) > 0)) throw new Refusal('ASSESSMENT_IMPORT_NO_CORRECT_ANSWER');
  return {
    ...common,
    kind: 'multiple_choice',
    options: list.map((a) => ({ text: plain(a.text, format), weight: a.weight ?? 0, feedback: a.feedback })),
  };
}

/** Reads a GIFT file: the questions it holds, and the ones refused with their line and reason. */
export function parseGift(text: string): ParseResult {
  const result: ParseResult = { questions: [], refused: [] };
  const lines = linesOf(text);
  let category: string | null = null;
  let block: string[] = [];
  let start = 0;
  let meta: Meta = { tags: [], points: undefined };

  const flush = () => {
    const raw = block.join('\n');
    const line = start;
    const blockMeta = meta;
    block = [];
    meta = { tags: [], points: undefined };
    if (raw.trim() === '') return;
    let body = raw.trim();
    const cat = /^\$CATEGORY:(.*)$/m.exec(body);
    if (cat && cat.index === 0) {
      const path = cat[1]!.split('/').map((s) => s.trim());
      category =
        path.filter((s) => s !== '' && s !== '$course$' && s !== '$system$' && s !== 'top').pop() ?? null;
      body = body.slice(cat[0].length).trim();
      if (body === '') return;
    }
    try {
      const question: ParsedQuestion = {
        line,
        excerpt: excerptOf(body),
        category,
        body: questionOf(body, blockMeta),
      };
      result.questions.push(question);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      result.refused.push({ line, reason: error.reason, excerpt: excerptOf(body) });
    }
  };

  lines.forEach((content, index) => {
    const trimmed = content.trim();
    if (trimmed === '') return flush();
    if (trimmed.startsWith('//')) {
      // Moodle's own comments name tags (`// [tag:algebra]`); ours add the default points.
      for (const m of trimmed.matchAll(/\[tag:([^\]]{1,200})\]/g)) meta.tags.push(m[1]!.trim());
      const points = /\[points:([0-9.]{1,12})\]/.exec(trimmed);
      if (points && Number.isFinite(Number(points[1]))) meta.points = Number(points[1]);
      return;
    }
    if (block.length === 0) start = index + 1;
    block.push(content);
  });
  flush();
  return result;
}

/** A text as GIFT writes it: special characters escaped, new lines as `\n`. */
function escape(s: string): string {
  let out = '';
  for (const c of s) {
    if (SPECIAL.has(c)) out += `\\${c}`;
    else if (c === '\n') out += '\\n';
    else if (c !== '\r') out += c;
  }
  return out;
}

const num = (n: number) => String(n);
const withFeedback = (text: string, feedback: string) => (feedback ? `${text}#${escape(feedback)}` : text);

function answersText(q: Question): string | null {
  switch (q.kind) {
    case 'single_choice':
      return q.options
        .map((o) => withFeedback(`${o.correct ? '=' : '~'}${escape(o.text)}`, o.feedback))
        .join('\n');
    case 'multiple_choice':
      return q.options
        .map((o) => withFeedback(`~%${num(Number(o.weight.toFixed(5)))}%${escape(o.text)}`, o.feedback))
        .join('\n');
    case 'true_false': {
      const right = q.answer ? q.feedbackTrue : q.feedbackFalse;
      const wrong = q.answer ? q.feedbackFalse : q.feedbackTrue;
      const word = q.answer ? 'TRUE' : 'FALSE';
      return right || wrong ? `${word}#${escape(wrong)}#${escape(right)}` : word;
    }
    case 'matching':
      return q.pairs.map((p) => `=${escape(p.left)} -> ${escape(p.right)}`).join('\n');
    case 'numeric':
      return q.answer.mode === 'range'
        ? `#${num(q.answer.min)}..${num(q.answer.max)}`
        : `#${num(q.answer.value)}:${num(q.answer.tolerance)}`;
    case 'short_answer':
      return q.answers.map((a) => `=${escape(a)}`).join('\n');
    case 'essay':
      return '';
    case 'ordering':
      return null;
  }
}

/**
 * Writes questions as GIFT, grouped under `$CATEGORY:` lines; ordering questions have no GIFT form and
 * are counted as skipped. Tags and points travel in comments that Moodle ignores.
 */
export function writeGift(questions: readonly Question[]): {
  text: string;
  written: number;
  skipped: number;
} {
  const out: string[] = [];
  let category: string | null | undefined;
  let written = 0;
  for (const q of questions) {
    const answers = answersText(q);
    if (answers === null) continue;
    if (q.categoryName !== category) {
      category = q.categoryName;
      if (category) out.push(`$CATEGORY: ${category.replace(/[\r\n]/g, ' ')}`, '');
    }
    const meta = [...q.tags.map((t) => `[tag:${t.replace(/[\]\r\n]/g, ' ')}]`)];
    if (q.points !== 1) meta.push(`[points:${num(q.points)}]`);
    if (meta.length > 0) out.push(`// ${meta.join(' ')}`);
    const title = q.title ? `::${escape(q.title)}::` : '';
    // No blank line inside the braces: a blank line ends a question.
    const parts = [answers, q.generalFeedback ? `####${escape(q.generalFeedback)}` : ''].filter((p) => p);
    const inner = parts.length > 1 || answers.includes('\n') ? `\n${parts.join('\n')}\n` : (parts[0] ?? '');
    // A stem that starts like a comment or a format marker is marked plain, so it is read back as text.
    const stem = /^(\/\/|\[)/.test(q.stem) ? `[plain]${escape(q.stem)}` : escape(q.stem);
    out.push(`${title}${stem} {${inner}}`, '');
    written++;
  }
  const skipped = questions.length - written;
  const header = `// ${written} question(s)${skipped ? `; ${skipped} ordering question(s) skipped: GIFT has no ordering kind` : ''}`;
  return { text: [header, '', ...out].join('\n'), written, skipped };
}
