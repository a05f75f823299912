import { z } from 'zod';
import { isTimeZone, loyaltyLimits } from '@trilha/contracts/loyalty';
import { text } from '@trilha/contracts/primitives';
import { AppError } from '../../lib/errors';
import type { LoyaltyRepo } from './loyalty.repo';

/**
 * CSV imports of the back office (docs/loyalty.md): a header row, then one record per row, comma or
 * semicolon separated, fields quoted with double quotes when needed. Every row is checked first; when
 * any is refused nothing is written and every refused row is reported (LOYALTY_IMPORT_INVALID, 422).
 * Otherwise each row creates its record or updates the one of its natural key (store code, SKU), so
 * importing the same file twice changes nothing the second time. The caller runs it in one transaction.
 */

export interface RowProblem {
  line: number;
  field: string;
  problem: string;
}
const MAX_REPORTED = 200;

/** Parses CSV text into rows of fields (RFC 4180 quoting; the delimiter read from the header). */
export function parseCsv(input: string): string[][] {
  const body = input.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

const yesNo = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx) => {
    if (['', '1', 'true', 'yes', 'sim', 'si', 'sí', 'oui', 'y', 's'].includes(v))
      return v === '' ? null : true;
    if (['0', 'false', 'no', 'não', 'nao', 'non', 'n'].includes(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'not yes or no' });
    return z.NEVER;
  });
const field = (max: number, min = 1) => text().trim().min(min).max(max);

const storeRow = z.object({
  code: field(loyaltyLimits.code),
  name: field(loyaltyLimits.name),
  city: field(loyaltyLimits.name),
  retailer: field(loyaltyLimits.name),
  country: text()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
  time_zone: text().trim().max(64).refine(isTimeZone, 'not an IANA time zone'),
  phones_and_cameras_allowed: yesNo,
  active: yesNo,
});
const productRow = z.object({
  sku: field(loyaltyLimits.code),
  name: field(loyaltyLimits.name),
  brand: field(loyaltyLimits.name),
  product_type: field(loyaltyLimits.name),
  processor: field(loyaltyLimits.name),
  processor_generation: field(loyaltyLimits.name),
  form_factor: field(loyaltyLimits.name),
  active: yesNo,
});

/** Reads and checks every row against the schema; natural keys must not repeat within the file. */
function readRows<S extends z.ZodObject>(csv: string, schema: S, key: keyof z.output<S> & string) {
  const rows = parseCsv(csv);
  const columns = Object.keys(schema.shape);
  const problems: RowProblem[] = [];
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const shape = schema.shape as Record<string, z.ZodType>;
  const missing = columns.filter((c) => !header.includes(c) && !shape[c]!.safeParse('').success);
  if (rows.length === 0 || missing.length > 0) {
    throw new AppError('LOYALTY_IMPORT_INVALID', 422, {
      details: { rows: missing.map((m) => ({ line: 1, field: m, problem: 'missing column' })) },
    });
  }
  if (rows.length - 1 > loyaltyLimits.csvRows) {
    throw new AppError('LOYALTY_IMPORT_INVALID', 422, {
      details: {
        rows: [
          { line: loyaltyLimits.csvRows + 2, field: '', problem: `more than ${loyaltyLimits.csvRows} rows` },
        ],
      },
    });
  }
  const seen = new Map<string, number>();
  const parsed: { line: number; value: z.output<S> }[] = [];
  rows.slice(1).forEach((cells, i) => {
    const line = i + 2;
    const record = Object.fromEntries(columns.map((c) => [c, cells[header.indexOf(c)] ?? '']));
    const result = schema.safeParse(record);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push({ line, field: String(issue.path[0] ?? ''), problem: issue.message });
      }
      return;
    }
    const k = String(result.data[key]).toUpperCase();
    const first = seen.get(k);
    if (first !== undefined) {
      problems.push({ line, field: key, problem: `repeats line ${first}` });
      return;
    }
    seen.set(k, line);
    parsed.push({ line, value: result.data });
  });
  return { parsed, problems };
}

const refuse = (problems: RowProblem[]) => {
  if (problems.length > 0) {
    throw new AppError('LOYALTY_IMPORT_INVALID', 422, { details: { rows: problems.slice(0, MAX_REPORTED) } });
  }
};

/** Stores by code; a retailer named in the file and missing in its country is created. */
export async function importStores(repo: LoyaltyRepo, csv: string) {
  const { parsed, problems } = readRows(csv, storeRow, 'code');
  const countries = new Map<string, Awaited<ReturnType<LoyaltyRepo['countryByCode']>>>();
  for (const { line, value } of parsed) {
    if (!countries.has(value.country)) countries.set(value.country, await repo.countryByCode(value.country));
    if (!countries.get(value.country)) problems.push({ line, field: 'country', problem: 'unknown country' });
  }
  refuse(problems);
  let created = 0;
  let updated = 0;
  for (const { value } of parsed) {
    const country = countries.get(value.country)!;
    const retailer =
      (await repo.retailerByName(country.id, value.retailer)) ??
      (await repo.insertRetailer({
        countryId: country.id,
        name: value.retailer,
        countryGroup: null,
        active: true,
      }));
    const existing = await repo.storeByCode(value.code);
    const values = {
      retailerId: retailer.id,
      countryId: country.id,
      code: value.code,
      name: value.name,
      city: value.city,
      timeZone: value.time_zone,
      phonesAndCamerasAllowed: value.phones_and_cameras_allowed ?? existing?.phonesAndCamerasAllowed ?? true,
      active: value.active ?? existing?.active ?? true,
    };
    if (existing) {
      await repo.updateStore(existing.id, values);
      updated++;
    } else {
      await repo.insertStore(values);
      created++;
    }
  }
  return { created, updated };
}

/** Products by SKU; a brand named in the file and missing is created. */
export async function importProducts(repo: LoyaltyRepo, csv: string) {
  const { parsed, problems } = readRows(csv, productRow, 'sku');
  refuse(problems);
  let created = 0;
  let updated = 0;
  const brands = new Map<string, number>();
  for (const { value } of parsed) {
    let brandId = brands.get(value.brand);
    if (brandId === undefined) {
      brandId = ((await repo.brandByName(value.brand)) ?? (await repo.insertBrand(value.brand))).id;
      brands.set(value.brand, brandId);
    }
    const existing = await repo.productBySku(value.sku);
    const values = {
      brandId,
      sku: value.sku,
      name: value.name,
      productType: value.product_type,
      processor: value.processor,
      processorGeneration: value.processor_generation,
      formFactor: value.form_factor,
      active: value.active ?? existing?.active ?? true,
    };
    if (existing) {
      await repo.updateProduct(existing.id, values);
      updated++;
    } else {
      await repo.insertProduct(values);
      created++;
    }
  }
  return { created, updated };
}
