import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { migrationAreas } from './areas';

/**
 * Every query of a tenant-owned table names its client (docs/product-rules.md, Tenancy). This test reads
 * the API's source (modules and jobs) and finds each statement that reads or writes a tenant-owned table:
 *
 * - raw SQL: each top-level sql`…` template whose text names such a table after from, join, update or
 *   into must also name `client_id` (`where client_id = ${clientId}`, `and c.client_id = …`);
 * - the query builder: each `.from(t)`, `.update(t)`, `.delete(t)`, `.insert(t)` of such a table must
 *   carry its client in the same statement (`tenantScope(…).where(t, …)`, `.byId`, `.row(…)`, or a
 *   condition on `t.clientId`).
 *
 * A statement that reaches its rows through a row already scoped (a user's own progress on a course the
 * caller loaded in their client) is still required to say its client: it costs one indexed condition and
 * keeps a wrong id from reaching another client's row. The statements written before this rule are
 * listed below, per file, and the list may only shrink: a file with more unscoped statements than listed
 * fails, and so does one with fewer (update the count), so the debt is paid down and never grows.
 */

/** Tenant-owned tables that are read across clients on purpose, and why. */
const crossClient: Record<string, string> = {
  user_clients: "the membership table itself: sign-in and the session read a person's clients from it",
};

/** Statements written before the rule, per file (path under src/): the number may only go down. */
const unscopedBefore: Record<string, number> = {
  'modules/accounts/registration.repo.ts': 1,
  'modules/learning/catalog-cache.ts': 2,
  'modules/learning/catalog.repo.ts': 5,
  'modules/learning/catalog.service.ts': 1,
  'modules/learning/content-gate.ts': 2,
  'modules/learning/course-context.ts': 1,
  'modules/learning/public.routes.ts': 1,
  'modules/notifications/inbox.repo.ts': 1,
};

const srcDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

async function tenantTables(): Promise<{ names: Set<string>; identifiers: Set<string> }> {
  const names = new Set<string>();
  const identifiers = new Set<string>();
  for (const area of migrationAreas) {
    for (const file of area.schema) {
      const module = (await import(`./schema/${file}.ts`)) as Record<string, unknown>;
      for (const [identifier, value] of Object.entries(module)) {
        if (!(value instanceof PgTable)) continue;
        const config = getTableConfig(value);
        const client = config.columns.find((column) => column.name === 'client_id');
        const ownedByClient = config.foreignKeys.some((fk) => {
          const reference = fk.reference();
          return (
            getTableConfig(reference.foreignTable).name === 'clients' &&
            reference.columns.some((column) => column.name === 'client_id')
          );
        });
        if (!client?.notNull || !ownedByClient || config.name in crossClient) continue;
        names.add(config.name);
        identifiers.add(identifier);
      }
    }
  }
  return { names, identifiers };
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(full);
    }
  };
  walk(path.join(srcDir, 'modules'));
  walk(path.join(srcDir, 'jobs'));
  return files;
}

/** The end of a template literal that starts at `src[i] === '\`'`, nested `${…}` templates included. */
function templateEnd(src: string, i: number): number {
  i++;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') i += 2;
    else if (c === '`') return i + 1;
    else if (c === '$' && src[i + 1] === '{') i = expressionEnd(src, i + 2);
    else i++;
  }
  return i;
}

function expressionEnd(src: string, i: number): number {
  let depth = 1;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '`') {
      i = templateEnd(src, i);
      continue;
    }
    if (c === "'" || c === '"') {
      i++;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '{') depth++;
    if (c === '}' && --depth === 0) return i + 1;
    i++;
  }
  return i;
}

/** The top-level sql`…` templates of a file (a nested one is part of its outer statement). */
export function sqlStatements(src: string): string[] {
  const statements: string[] = [];
  const pattern = /(?<![\w.])sql`/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(src))) {
    const end = templateEnd(src, match.index + 3);
    statements.push(src.slice(match.index, end));
    pattern.lastIndex = end;
  }
  return statements;
}

/** Builder statements: from a `.from(t)`-like call back to the statement's start and on to its end. */
export function builderStatements(src: string, identifiers: Set<string>): { table: string; text: string }[] {
  const found: { table: string; text: string }[] = [];
  const pattern = /\.(from|update|delete|insert)\(\s*(\w+)\s*\)/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(src))) {
    const table = match[2]!;
    if (!identifiers.has(table)) continue;
    const before = src.lastIndexOf(';', match.index);
    const after = src.indexOf(';', match.index);
    found.push({ table, text: src.slice(before + 1, after === -1 ? undefined : after) });
  }
  return found;
}

/**
 * Helpers of a file that scope what they build (`const targetIs = (…) => scope.where(awards, …)`): a
 * statement that calls one names its client through it.
 */
export function scopingHelpers(src: string): string[] {
  const names: string[] = [];
  const pattern = /(?:const|function)\s+(\w+)\s*(?:=\s*(?:async\s*)?\([^)]*\)[^=]*=>|\()/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(src))) {
    const rest = src.slice(match.index, match.index + 600);
    const end = rest.search(/;\n|\n\}\n/);
    if (/scope\.|\bclientId\b/.test(end === -1 ? rest : rest.slice(0, end))) names.push(match[1]!);
  }
  return names;
}

const callsHelper = (text: string, helpers: string[]) => helpers.some((name) => text.includes(`${name}(`));
const scopedRaw = (text: string, helpers: string[]) => /client_id/.test(text) || callsHelper(text, helpers);
const scopedBuilder = (text: string, table: string, helpers: string[]) =>
  new RegExp(`${table}\\.clientId|\\bclientId\\b|scope\\.|tenantScope\\(`).test(text) ||
  callsHelper(text, helpers);

describe('tenant-scoped queries', () => {
  it('finds unscoped statements: the scanner itself', () => {
    const identifiers = new Set(['badges']);
    const raw = sqlStatements(
      'await db.execute(sql`select * from badges where id = ${id} ${sql`and x = 1`}`); sql`select 1`',
    );
    expect(raw).toHaveLength(2);
    expect(raw[0]).toContain('and x = 1');
    const built = builderStatements(
      'const a = await db.select().from(badges).where(eq(badges.id, id));',
      identifiers,
    );
    expect(built).toHaveLength(1);
    expect(scopedBuilder(built[0]!.text, 'badges', [])).toBe(false);
    const scoped = builderStatements(
      'await db.select().from(badges).where(scope.byId(badges, id));',
      identifiers,
    );
    expect(scopedBuilder(scoped[0]!.text, 'badges', [])).toBe(true);
    const helperSrc =
      'const mine = (id: number) => scope.where(badges, eq(badges.id, id));\nconst loose = (id: number) => eq(badges.id, id);\n';
    expect(scopingHelpers(helperSrc)).toEqual(['mine']);
    const viaHelper = builderStatements(`${helperSrc}await db.delete(badges).where(mine(3));`, identifiers);
    expect(scopedBuilder(viaHelper[0]!.text, 'badges', scopingHelpers(helperSrc))).toBe(true);
    const viaLoose = builderStatements(`${helperSrc}await db.delete(badges).where(loose(3));`, identifiers);
    expect(scopedBuilder(viaLoose[0]!.text, 'badges', scopingHelpers(helperSrc))).toBe(false);
  });

  it('names the client in every statement on a tenant-owned table, beyond the listed debt', async () => {
    const { names, identifiers } = await tenantTables();
    expect(names.size).toBeGreaterThan(30);
    const tablePattern = /\b(?:from|join|update|into)\s+"?(\w+)"?/gi;
    const counts: Record<string, number> = {};
    const samples: Record<string, string[]> = {};
    for (const file of sourceFiles()) {
      const src = fs.readFileSync(file, 'utf8');
      const key = path.relative(srcDir, file).split(path.sep).join('/');
      const unscoped: string[] = [];
      const helpers = scopingHelpers(src);
      for (const statement of sqlStatements(src)) {
        const tables = [...statement.matchAll(tablePattern)].map((m) => m[1]!.toLowerCase());
        if (tables.some((t) => names.has(t)) && !scopedRaw(statement, helpers)) unscoped.push(statement);
      }
      for (const { table, text } of builderStatements(src, identifiers)) {
        if (!scopedBuilder(text, table, helpers)) unscoped.push(text);
      }
      if (unscoped.length) {
        counts[key] = unscoped.length;
        samples[key] = unscoped.map((s) => s.replace(/\s+/g, ' ').slice(0, 160));
      }
    }
    const grown = Object.keys(counts).filter((file) => counts[file]! > (unscopedBefore[file] ?? 0));
    expect(
      Object.fromEntries(grown.map((file) => [file, samples[file]])),
      'statements on a tenant-owned table that do not name the client',
    ).toEqual({});
    expect(counts, 'the listed debt shrank: lower its count in unscopedBefore').toEqual(unscopedBefore);
  });
});
