import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LanguageCode } from '@trilha/contracts/session';
import { errorCodes, type ErrorCode } from '@trilha/contracts/errors';
import { hasNul, nulTolerant } from '@trilha/contracts/primitives';
import { AppError } from './errors';
import { errorMessage } from './messages';

const known = new Set<string>(errorCodes);

export interface FieldIssue {
  path: string;
  code?: string;
  message?: string;
  issue?: string;
}

/** One field failure found by a service (a taken document …), in the VALIDATION_FAILED detail shape. */
export function fieldError(path: string, code: ErrorCode, status = 400): AppError {
  return new AppError(code, status, { details: [{ path, code }] });
}

/** The issues of a failed zod parse as a VALIDATION_FAILED error whose details carry the codes. */
export function validationFailed(issues: readonly z.core.$ZodIssue[]): AppError {
  const details: FieldIssue[] = issues.map((i) => ({
    path: i.path.join('.'),
    ...(known.has(i.message) ? { code: i.message } : { message: i.message }),
    issue: i.code,
  }));
  return new AppError('VALIDATION_FAILED', 400, { details });
}

/** Gives each field detail of an error its text in the caller's language, beside its code. */
export function localize(error: unknown, lang: LanguageCode): unknown {
  if (!(error instanceof AppError) || !Array.isArray(error.details)) return error;
  const details = (error.details as FieldIssue[]).map((d) =>
    d.code && known.has(d.code) ? { ...d, message: errorMessage(d.code, lang) } : d,
  );
  return new AppError(error.code, error.status, { details, params: error.params });
}

/** A schema validation failure as field details: each known code beside its text in the caller's language. */
export function fieldIssuesOf(validation: readonly FastifySchemaValidationError[], lang: LanguageCode) {
  return validation.map((v) => {
    const code = known.has(v.message ?? '') ? v.message! : undefined;
    return {
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: code ? errorMessage(code, lang) : v.message,
      ...(code ? { code } : {}),
      issue: (v.params?.issue as { code?: string } | undefined)?.code,
    };
  });
}

/** The answer's code: TEXT_INVALID_CHARACTER when that is the only failure (it says what to fix), else VALIDATION_FAILED. */
export function topLevelCode(details: readonly { code?: string }[]): ErrorCode {
  return details.length > 0 && details.every((d) => d.code === 'TEXT_INVALID_CHARACTER')
    ? 'TEXT_INVALID_CHARACTER'
    : 'VALIDATION_FAILED';
}

/**
 * Routes validated by the shared schemas set `attachValidation` and run this first: each field error comes
 * back translated, with its code beside it.
 */
export async function translateFieldErrors(request: FastifyRequest): Promise<void> {
  const error: unknown = request.validationError;
  if (!error) return;
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const details = fieldIssuesOf(error.validation, request.lang);
  throw new AppError(topLevelCode(details), 400, { details });
}

/**
 * Where U+0000 occurs in a request part (string values and object keys), at most `limit` paths. Walks with
 * a stack, so a deeply nested body cannot overflow it; only objects and arrays are entered (the parsed
 * query has no Object prototype; a multipart stream or a Buffer is not text). Top-level fields in `skip` are left alone.
 */
export function nulPaths(data: unknown, skip: ReadonlySet<string> = new Set(), limit = 20) {
  // Each entry links to its parent instead of copying its path, so a body nested 100,000 deep costs
  // linear time; a path is spelled out only for what is found.
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pathOf = (entry: Entry, key?: string) => {
    const path: (string | number)[] = key === undefined ? [] : [key];
    for (let e: Entry | undefined = entry; e?.parent; e = e.parent) path.push(e.key!);
    return path.reverse();
  };
  const found: (string | number)[][] = [];
  const stack: Entry[] = [{ value: data }];
  while (stack.length > 0 && found.length < limit) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (typeof value === 'string') {
      if (hasNul(value)) found.push(pathOf(entry));
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: entry });
      continue;
    }
    if (Object.prototype.toString.call(value) !== '[object Object]' || 'pipe' in value) continue;
    for (const key of Object.keys(value).reverse()) {
      if (!entry.parent && skip.has(key)) continue;
      if (hasNul(key)) found.push(pathOf(entry, key));
      else stack.push({ value: (value as Record<string, unknown>)[key], key, parent: entry });
    }
  }
  return found;
}

/**
 * Wraps the schema compiler so every params, query and body schema refuses U+0000 with
 * TEXT_INVALID_CHARACTER, one issue per field, before its own checks: PostgreSQL cannot store the
 * character, and a schema that used a bare `z.string()` would let it through. The failure has the zod
 * validation shape, so routes that attach validation (the token endpoint, the shared forms) handle it as
 * any other field error. Schemas in contracts' `nulTolerant` registry keep NUL in their listed fields.
 */
export function guardText(compile: typeof validatorCompiler): typeof validatorCompiler {
  return (route) => {
    const validate = compile(route);
    const tolerant = route.httpPart === 'body' ? nulTolerant.get(route.schema)?.fields : undefined;
    const skip = new Set(tolerant ?? []);
    return (data: unknown) => {
      const paths = nulPaths(data, skip);
      if (paths.length === 0) return validate(data);
      // A schema that fails at exactly those paths, so the library shapes the error as its own.
      const refusal = z.unknown().superRefine((_value, ctx) => {
        for (const path of paths) ctx.addIssue({ code: 'custom', path, message: 'TEXT_INVALID_CHARACTER' });
      });
      return compile({ ...route, schema: refusal })(data);
    };
  };
}

/**
 * PostgreSQL's answer to a value it cannot take (class 22, data exception: a NUL in text or JSON, a number
 * out of its column's range, text that is no number), found on the error or its causes: the request's
 * fault, so a 400. The schemas refuse these first; this keeps a forgotten path from becoming a 500.
 */
const dataExceptions: Record<string, ErrorCode> = {
  '22021': 'TEXT_INVALID_CHARACTER',
  '22P05': 'TEXT_INVALID_CHARACTER',
  '22003': 'VALIDATION_FAILED',
  '22P02': 'VALIDATION_FAILED',
};
export function inputErrorOf(error: unknown): ErrorCode | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in dataExceptions) return dataExceptions[code];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
