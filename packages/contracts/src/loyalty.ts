import { z } from 'zod';
import { serialId, serialIdParam, text } from './primitives';
import { page } from './profile';

/**
 * The loyalty program's structure and campaigns (docs/loyalty.md).
 *
 *   Learner (any member of the selected client):
 *   GET    /api/loyalty/campaigns                             → campaignList (active and previous, with mine)
 *   POST   /api/loyalty/campaigns/:id/registrations  registerBody → registration (201)
 *   GET    /api/loyalty/stores?campaign=&q=                   → storeOptionPage (the campaign's stores)
 *   GET    /api/loyalty/points-table?campaign=&q=             → pointsTable (points × my level's multiplier)
 *   GET    /api/loyalty/levels                                → levelList
 *   Back office (campaigns.manage):
 *   GET/POST /api/admin/loyalty/{countries|retailers|stores|brands|products}, PUT/DELETE …/:id
 *   POST   /api/admin/loyalty/stores/import, /api/admin/loyalty/products/import   csvImportBody → importResult
 *   GET/PUT /api/admin/loyalty/levels                          levelsBody
 *   GET/POST /api/admin/loyalty/campaigns, GET/PUT/DELETE …/:id campaignBody → adminCampaign
 */

export const loyaltyLimits = {
  name: 120,
  code: 40,
  search: 100,
  storesPerCampaign: 10_000,
  productsPerCampaign: 5_000,
  points: 1_000_000,
  minXp: 100_000_000,
  multiplier: 10,
  csvChars: 2_000_000,
  csvRows: 5_000,
  page: 100_000,
} as const;
const L = loyaltyLimits;

const name = () => text().trim().min(1).max(L.name);
const search = text().trim().max(L.search).default('');
const pageFields = {
  page: z.coerce.number().int().min(1).max(L.page).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** Whether the text is a time zone the runtime knows (IANA: America/Sao_Paulo). */
export const isTimeZone = (value: string) => {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value) || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const loyaltyIdParams = z.object({ id: serialIdParam() });
export const countryGroup = z.union([z.literal(1), z.literal(2)]);
export const campaignStatus = z.enum(['upcoming', 'active', 'previous']);
export type CampaignStatus = z.infer<typeof campaignStatus>;

// Learner

export const registration = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  status: z.enum(['active', 'inactive']),
  registeredAt: z.string(),
});
export type Registration = z.infer<typeof registration>;

export const learnerCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  beginsAt: z.string(),
  endsAt: z.string(),
  status: campaignStatus,
  countryGroup,
  registration: registration.nullable(),
  /** Points and XP credited to me for this campaign (approved sales and photos, less reversals). */
  points: z.number().int(),
  xp: z.number().int(),
});
export type LearnerCampaign = z.infer<typeof learnerCampaign>;
export const campaignList = z.object({ items: z.array(learnerCampaign) });

export const registerBody = z.object({ storeId: serialId() });

export const storeOptionQuery = z.object({ campaign: serialIdParam(), q: search, ...pageFields });
export const storeOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  city: z.string(),
  retailerId: z.number().int(),
  retailerName: z.string(),
  countryCode: z.string(),
  timeZone: z.string(),
  phonesAndCamerasAllowed: z.boolean(),
});
export const storeOptionPage = page(storeOption);

export const level = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  minXp: z.number().int(),
  multiplier: z.number(),
});
export type Level = z.infer<typeof level>;
export const levelList = z.object({ items: z.array(level) });

export const pointsTableQuery = z.object({ campaign: serialIdParam(), q: search, ...pageFields });
export const pointsTableRow = z.object({
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  productType: z.string(),
  processor: z.string(),
  processorGeneration: z.string(),
  formFactor: z.string(),
  /** The campaign's value of one unit. */
  points: z.number().int(),
  /** What one unit earns me: points × my level's multiplier, rounded down. */
  myPoints: z.number().int(),
});
export const pointsTable = page(pointsTableRow).extend({
  level: level.nullable(),
  multiplier: z.number(),
});

// Back office

export const adminListQuery = z.object({ q: search, ...pageFields });

export const countryBody = z.object({
  code: text()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
  name: name(),
  countryGroup,
});
export const country = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  countryGroup,
});
export const countryPage = page(country);

export const retailerBody = z.object({
  countryId: serialId(),
  name: name(),
  /** Another group than the country's (the named Canadian retailers); null: the country's. */
  countryGroup: countryGroup.nullable().default(null),
  active: z.boolean().default(true),
});
export const retailer = z.object({
  id: z.number().int(),
  countryId: z.number().int(),
  countryCode: z.string(),
  name: z.string(),
  countryGroup: countryGroup.nullable(),
  active: z.boolean(),
});
export const retailerPage = page(retailer);

const timeZone = text().trim().max(64).refine(isTimeZone, 'not an IANA time zone');
export const storeBody = z.object({
  retailerId: serialId(),
  code: text().trim().min(1).max(L.code),
  name: name(),
  city: name(),
  timeZone,
  phonesAndCamerasAllowed: z.boolean().default(true),
  active: z.boolean().default(true),
});
export const adminStore = z.object({
  id: z.number().int(),
  retailerId: z.number().int(),
  retailerName: z.string(),
  countryId: z.number().int(),
  countryCode: z.string(),
  code: z.string(),
  name: z.string(),
  city: z.string(),
  timeZone: z.string(),
  phonesAndCamerasAllowed: z.boolean(),
  active: z.boolean(),
});
export const adminStorePage = page(adminStore);

export const brandBody = z.object({ name: name() });
export const brand = z.object({ id: z.number().int(), name: z.string() });
export const brandPage = page(brand);

export const productBody = z.object({
  brandId: serialId(),
  sku: text().trim().min(1).max(L.code),
  name: name(),
  productType: name(),
  processor: name(),
  processorGeneration: name(),
  formFactor: name(),
  active: z.boolean().default(true),
});
export const product = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  brandName: z.string(),
  sku: z.string(),
  name: z.string(),
  productType: z.string(),
  processor: z.string(),
  processorGeneration: z.string(),
  formFactor: z.string(),
  active: z.boolean(),
});
export const productPage = page(product);

export const levelsBody = z.object({
  levels: z
    .array(
      z.object({
        name: name(),
        minXp: z.number().int().min(0).max(L.minXp),
        multiplier: z.number().min(1).max(L.multiplier).multipleOf(0.01),
      }),
    )
    .length(3),
});

const isoInstant = z.iso.datetime({ offset: true });
export const campaignBody = z.object({
  name: name(),
  beginsAt: isoInstant,
  endsAt: isoInstant,
  countryGroup,
  storeIds: z.array(serialId()).max(L.storesPerCampaign).default([]),
  products: z
    .array(z.object({ productId: serialId(), points: z.number().int().min(1).max(L.points) }))
    .max(L.productsPerCampaign)
    .default([]),
});
export type CampaignBody = z.infer<typeof campaignBody>;
export const adminCampaignQuery = adminListQuery.extend({ status: campaignStatus.optional() });
export const adminCampaignSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  beginsAt: z.string(),
  endsAt: z.string(),
  countryGroup,
  status: campaignStatus,
  frozen: z.boolean(),
  storeCount: z.number().int(),
  productCount: z.number().int(),
  registrationCount: z.number().int(),
});
export const adminCampaignPage = page(adminCampaignSummary);
export const adminCampaign = adminCampaignSummary.extend({
  storeIds: z.array(z.number().int()),
  products: z.array(z.object({ productId: z.number().int(), points: z.number().int() })),
});
export type AdminCampaign = z.infer<typeof adminCampaign>;

/** A CSV file's text (a header row, then one row per record; comma or semicolon separated). */
export const csvImportBody = z.object({ csv: text().max(L.csvChars) });
export const importResult = z.object({ created: z.number().int(), updated: z.number().int() });
/** The `details` of LOYALTY_IMPORT_INVALID: each refused row's line and what is wrong with it. */
export const importErrors = z.object({
  rows: z.array(z.object({ line: z.number().int(), field: z.string(), problem: z.string() })),
});
