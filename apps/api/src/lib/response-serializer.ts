import fastJson from 'fast-json-stringify';
import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Compiled response serializers.
 *
 * By default (app.ts) every answer is checked by its zod contract, then written by JSON.stringify: the
 * check walks the whole answer and copies it, and on a list of courses that costs more CPU than the rest
 * of the request. A route that declares `serializerCompiler: compiledResponses` has its response schemas
 * (the same zod contracts, still the source of its types and of the OpenAPI document) turned into JSON
 * Schema once, at start-up, and written by fast-json-stringify, which generates a function per schema.
 * Requests are still validated by zod; only the way the answer is written changes.
 *
 * What a route gets from the compiled serializer:
 * - only the contract's properties are written: a field the service object carries and the contract does
 *   not declare (a password hash, an internal id) never reaches the wire, as with zod's strip;
 * - the same JSON text as zod + JSON.stringify for every answer that satisfies the contract: properties in
 *   the contract's order, `null` written for nullable fields, optional fields that are `undefined` left
 *   out, Dates as ISO strings (response-serializer.test.ts compares both over the converted routes);
 * - a contract that JSON Schema cannot express (a transform) fails at start-up, not on a request.
 *
 * What it no longer does is check the answer's values against the contract (an integer's bounds, an
 * enum member): the services build their answers from typed rows, and the type checker holds them to
 * the contract's type.
 */

type JsonSchema = Record<string, unknown>;

/** One compiled writer per contract schema, shared by every route (and app instance) that answers with it. */
const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * The JSON Schema of a response contract, in the form fast-json-stringify writes fastest.
 *
 * - draft-07, because fast-json-stringify validates its `anyOf` branches with Ajv's default draft;
 * - a Date in the contract (`z.date()`) is a `date-time` string, written with toISOString as JSON.stringify
 *   writes it;
 * - `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`) becomes X with `nullable: true`: the same
 *   answers, without running a validator to pick the branch;
 * - `additionalProperties: false` is dropped: fast-json-stringify never writes undeclared properties
 *   anyway, and inside a union the keyword would make an object that carries extra fields match no
 *   branch (zod strips them and picks the branch).
 */
export function responseJsonSchema(schema: $ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    // A Date is written as JSON.stringify writes it; every other type JSON Schema cannot express is refused.
    unrepresentable: ({ zodSchema }) =>
      zodSchema._zod.def.type === 'date' ? { type: 'string', format: 'date-time' } : 'throw',
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    // Inside `properties`, `definitions` and `$defs` the keys are names, not keywords.
    if (key === 'properties' || key === 'definitions' || key === '$defs') {
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, sub]) => [name, simplify(sub)]),
      );
    } else if (key === 'additionalProperties' && value === false) {
      continue;
    } else {
      out[key] = simplify(value);
    }
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => isNullType(s));
    const other = anyOf[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string' && !('nullable' in other)) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

const isNullType = (s: unknown) =>
  typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null' && Object.keys(s).length === 1;

/** The compiled writer of one response contract (compiled on first use, then shared). */
export function compileResponseWriter(schema: $ZodType): (data: unknown) => string {
  let write = compiled.get(schema);
  if (!write) {
    write = fastJson(responseJsonSchema(schema));
    compiled.set(schema, write);
  }
  return write;
}

/**
 * Route option `serializerCompiler`: the route's zod response schemas are written by compiled
 * serializers. A schema that is not zod (a plain JSON Schema object) is compiled as it is; a response
 * declared per content type keeps zod's serializer.
 */
export const compiledResponses: FastifySerializerCompiler<FastifySchema> = (route) => {
  const schema = route.schema as unknown;
  if (schema instanceof $ZodType) return compileResponseWriter(schema);
  if (typeof schema === 'object' && schema !== null && !('content' in schema)) {
    return fastJson(schema as JsonSchema);
  }
  return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
};
