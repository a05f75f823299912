import type { ReportSaleBody } from '@trilha/contracts/sales';
import { creditedPoints } from '@trilha/domain/points';
import { ApiError } from '../../../lib/api-client';
import type { CampaignProduct } from '../api/sales';

export interface DraftLine {
  productId: number;
  quantity: number;
}

/** The report's fields that an answer of the API may point at. */
export type SaleField = 'campaign' | 'store' | 'saleDate' | 'invoiceNumber' | 'photo' | 'lines' | 'form';

const fieldOfCode: Record<string, SaleField> = {
  SALES_NOT_REGISTERED: 'campaign',
  SALES_CAMPAIGN_NOT_ACTIVE: 'campaign',
  SALES_STORE_NOT_ELIGIBLE: 'store',
  SALES_DATE_OUTSIDE_CAMPAIGN: 'saleDate',
  SALES_DATE_IN_FUTURE: 'saleDate',
  SALES_REPORT_TOO_LATE: 'saleDate',
  SALES_INVOICE_DUPLICATE: 'invoiceNumber',
  SALES_PHOTO_REQUIRED: 'photo',
  SALES_PHOTO_INVALID: 'photo',
  SALES_PHOTO_TOO_LARGE: 'photo',
  SALES_PRODUCT_NOT_IN_CAMPAIGN: 'lines',
};

const fieldOfPath: Record<string, SaleField> = {
  campaignId: 'campaign',
  storeId: 'store',
  saleDate: 'saleDate',
  invoiceNumber: 'invoiceNumber',
  observation: 'form',
  lines: 'lines',
  photo: 'photo',
};

/**
 * Where an answer of the API belongs on the form: the rule's code names its field (a duplicate invoice
 * number beside the invoice number), a refused field of the validation names itself; anything else is
 * the form's.
 */
export function saleErrorField(error: unknown): SaleField {
  if (!(error instanceof ApiError)) return 'form';
  const byCode = fieldOfCode[error.code];
  if (byCode) return byCode;
  if (Array.isArray(error.details)) {
    for (const d of error.details as { path?: string }[]) {
      const field = d.path ? fieldOfPath[d.path.split('.')[0]!] : undefined;
      if (field) return field;
    }
  }
  return 'form';
}

/** Base points (quantity × the campaign's points) and what I would earn at my multiplier, rounded down. */
export function linePoints(
  lines: readonly DraftLine[],
  products: ReadonlyMap<number, CampaignProduct>,
  multiplier: number,
) {
  const base = lines.reduce((sum, l) => sum + l.quantity * (products.get(l.productId)?.points ?? 0), 0);
  return { base, mine: creditedPoints(base, multiplier) };
}

/** The cascade's steps, in the order the seller picks them. */
export const cascade = [
  'brand',
  'productType',
  'processor',
  'processorGeneration',
  'formFactor',
  'sku',
] as const satisfies readonly (keyof CampaignProduct)[];
export type CascadeStep = (typeof cascade)[number];
export type CascadeChoice = Partial<Record<CascadeStep, string>>;

/**
 * Each step's options given what is chosen before it, and the value in force at each step: the chosen
 * one, or the only option when there is just one (a brand with one product type needs no tap).
 */
export function cascadeState(products: readonly CampaignProduct[], chosen: CascadeChoice) {
  let rest = products;
  const options = {} as Record<CascadeStep, string[]>;
  const value = {} as Record<CascadeStep, string | null>;
  for (const step of cascade) {
    const values = [...new Set(rest.map((p) => p[step]))].sort((a, b) => a.localeCompare(b));
    options[step] = values;
    const picked = chosen[step];
    const current = picked && values.includes(picked) ? picked : values.length === 1 ? values[0]! : null;
    value[step] = current;
    rest = current === null ? [] : rest.filter((p) => p[step] === current);
  }
  const product = value.sku === null ? null : (rest[0] ?? null);
  return { options, value, product };
}

/** The report as the API takes it. */
export function reportBody(input: {
  campaignId: number;
  storeId: number;
  saleDate: string;
  invoiceNumber: string;
  observation: string;
  lines: readonly DraftLine[];
}): ReportSaleBody {
  return {
    campaignId: input.campaignId,
    storeId: input.storeId,
    saleDate: input.saleDate,
    invoiceNumber: input.invoiceNumber.trim(),
    observation: input.observation.trim(),
    lines: input.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
  };
}
