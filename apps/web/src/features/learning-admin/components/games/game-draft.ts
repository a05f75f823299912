import { gameSettingsByKind, type GameKind, type GameSettingsOf } from '@trilha/contracts/learning/games';
import { ApiError } from '../../../../lib/api-client';

/** A game's settings as the editor holds them: every field filled (the contract's output shape). */
export type GameDraft<K extends GameKind = GameKind> = GameSettingsOf<K>;

/** The problems of a draft: a field's path (`zones.0.label`) → its error code (`GAME_*`, …). */
export type GameIssues = ReadonlyMap<string, string>;

const common = { allowedErrors: 3, timeLimitSeconds: null, points: 0, xp: 0, instructions: '' };

/** A new game of `kind`: the smallest settings the author fills in. */
export function newGameDraft<K extends GameKind>(kind: K): GameDraft<K> {
  const drafts: { [P in GameKind]: GameDraft<P> } = {
    drag_and_drop: {
      ...common,
      layout: 'boxes',
      zones: [{ id: 'z1', label: '' }],
      items: [{ id: 'i1', face: { text: '' }, zoneId: 'z1' }],
    },
    drag_the_words: { ...common, parts: [{ type: 'text', text: '' }], distractors: [] },
    fill_in_the_blanks: {
      ...common,
      parts: [{ type: 'text', text: '' }],
      caseSensitive: false,
      accentSensitive: false,
    },
    find_the_pairs: {
      ...common,
      pairs: [
        { id: 'p1', a: { text: '' }, b: { text: '' } },
        { id: 'p2', a: { text: '' }, b: { text: '' } },
      ],
    },
    this_or_that: {
      ...common,
      left: { text: '' },
      right: { text: '' },
      items: [{ id: 'i1', face: { text: '' }, side: 'left' }],
      shuffle: true,
    },
    true_or_false: {
      ...common,
      statements: [{ id: 's1', text: '', answer: true, feedback: '' }],
      shuffle: false,
    },
    flashcards: { ...common, cards: [{ id: 'c1', front: { text: '' }, back: { text: '' } }], shuffle: true },
    enigma: { ...common, riddle: '', answer: '', hints: [], hintCost: 1 },
  };
  return structuredClone(drafts[kind]);
}

/** The stored settings of a game activity (the back office's `game` field), else a new draft. */
export function gameDraftOf<K extends GameKind>(kind: K, stored: unknown): GameDraft<K> {
  const parsed = gameSettingsByKind[kind].safeParse(stored);
  if (parsed.success) return parsed.data as GameDraft<K>;
  // An old or partial game: keep what it has over the defaults, the editor shows what is missing.
  if (stored && typeof stored === 'object') return { ...newGameDraft(kind), ...stored } as GameDraft<K>;
  return newGameDraft(kind);
}

/** The draft checked against the contract's schema: each issue at its field's path. */
export function gameDraftIssues(kind: GameKind, draft: unknown): Map<string, string> {
  const parsed = gameSettingsByKind[kind].safeParse(draft);
  const issues = new Map<string, string>();
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!issues.has(path))
      issues.set(path, /^[A-Z][A-Z_]+$/.test(issue.message) ? issue.message : codeOf(issue.code));
  }
  return issues;
}

/** A schema failure without its own code: the generic text for its kind of failure. */
function codeOf(code: string): string {
  return code === 'too_small' || code === 'invalid_type' ? 'REQUIRED' : 'VALIDATION_FAILED';
}

/** The API's 400 details on a game's settings (`settings.zones.0.label`) as the editor's issues. */
export function apiGameIssues(error: unknown): Map<string, string> {
  const issues = new Map<string, string>();
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return issues;
  for (const detail of error.details as { path?: unknown; code?: unknown }[]) {
    if (typeof detail.path !== 'string' || !detail.path.startsWith('settings')) continue;
    const path = detail.path.replace(/^settings\.?/, '');
    issues.set(path, typeof detail.code === 'string' ? detail.code : error.code);
  }
  return issues;
}

/** The next free id with `prefix` among `list` (`z3` after `z1`, `z2`). */
export function nextId(prefix: string, list: readonly { id: string }[]): string {
  const used = new Set(list.map((e) => e.id));
  let n = list.length + 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

type Part = { type: 'text'; text: string } | { type: 'gap'; id: string; answer?: string; answers?: string[] };

/**
 * The author's text with its gaps in brackets: `The capital is [[Lima]].` Fill in the blanks writes a
 * gap's accepted variants with `|`: `[[Lima|Lima city]]`.
 */
export function textOfParts(parts: readonly Part[]): string {
  return parts
    .map((p) => (p.type === 'text' ? p.text : `[[${(p.answers ?? [p.answer ?? '']).join('|')}]]`))
    .join('');
}

/** The parts of a bracketed text: its gaps named g1, g2 … in order. */
export function partsOfText(
  source: string,
  mode: 'answer' | 'answers',
): (
  | { type: 'text'; text: string }
  | { type: 'gap'; id: string; answer: string }
  | { type: 'gap'; id: string; answers: string[] }
)[] {
  const out: ReturnType<typeof partsOfText> = [];
  const pattern = /\[\[([^\]]*)\]\]/g;
  let last = 0;
  let gap = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > last) out.push({ type: 'text', text: source.slice(last, match.index) });
    gap += 1;
    const inner = match[1] ?? '';
    if (mode === 'answer') out.push({ type: 'gap', id: `g${gap}`, answer: inner.trim() });
    else
      out.push({
        type: 'gap',
        id: `g${gap}`,
        answers: inner
          .split('|')
          .map((v) => v.trim())
          .filter((v) => v.length > 0),
      });
    last = match.index + match[0].length;
  }
  if (last < source.length || out.length === 0) out.push({ type: 'text', text: source.slice(last) });
  return out;
}

/** Wraps the selected words of `source` (from `start` to `end`) in a gap; spaces around stay outside. */
export function markGap(source: string, start: number, end: number): string | null {
  let from = Math.min(start, end);
  let to = Math.max(start, end);
  while (from < to && /\s/.test(source[from] ?? '')) from += 1;
  while (to > from && /\s/.test(source[to - 1] ?? '')) to -= 1;
  if (from === to) return null;
  const selected = source.slice(from, to);
  if (selected.includes('[[') || selected.includes(']]')) return null;
  return `${source.slice(0, from)}[[${selected}]]${source.slice(to)}`;
}
