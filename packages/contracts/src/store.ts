import { z } from 'zod';
import { serialId, serialIdParam, text } from './primitives';
import { roleName } from './session';
import { page, pageQuery } from './profile';

/**
 * The reward store (docs/store.md): departments, categories (with a per-user maximum per period), items
 * with optional variants, voucher pools of digital items, and orders.
 *
 *   Learner (any member of the selected client):
 *   GET    /api/store/items                   storeListQuery      → storeItemPage
 *   GET    /api/store/catalog                                     → storeCatalog (names in the caller's language)
 *   GET    /api/store/items/:id                                   → storeItemDetail
 *   POST   /api/store/items/:id/redeem        redeemBody          → storeOrderResponse (Idempotency-Key)
 *   GET    /api/store/orders                  pageQuery           → storeOrderPage (the caller's)
 *   GET    /api/store/orders/:id                                  → storeOrderResponse (the caller's)
 *   Back office (rewards.manage):
 *   GET/POST /api/admin/store/departments, PUT/DELETE /api/admin/store/departments/:id
 *   GET/POST /api/admin/store/categories,  PUT/DELETE /api/admin/store/categories/:id
 *   GET/POST /api/admin/store/items,       GET/PUT    /api/admin/store/items/:id
 *   POST   /api/admin/store/items/:id/vouchers  voucherUploadBody → voucherPool (counts, never codes)
 *   GET    /api/admin/store/orders              adminOrderQuery   → storeOrderPage
 *   POST   /api/admin/store/orders/:id/approve | reprove | ship | deliver
 */

export const storeLimits = {
  name: 120,
  description: 5_000,
  price: 10_000_000,
  stock: 1_000_000,
  variants: 50,
  requiredCourses: 20,
  vouchersPerUpload: 5_000,
  voucherCode: 200,
  reason: 1_000,
  carrier: 120,
  tracking: 120,
  search: 100,
  periodDays: 3_650,
  maxPerPeriod: 1_000,
  /** Photos of a gallery after the cover. */
  gallery: 8,
  imageUrl: 2_000,
  audienceIds: 200,
} as const;
const L = storeLimits;

/** Texts per language: pt-BR required, the others optional (blank = pt-BR's). */
const localized = (max: number, required = true) =>
  z.object({
    'pt-BR': required ? text().trim().min(1).max(max) : text().trim().max(max).default(''),
    'en-US': text().trim().max(max).default(''),
    es: text().trim().max(max).default(''),
    fr: text().trim().max(max).default(''),
  });
export const storeName = localized(L.name);
export type StoreName = z.output<typeof storeName>;
const storeDescription = localized(L.description, false);

export const storeIdParams = z.object({ id: serialIdParam() });

// Departments and categories

export const departmentBody = z.object({
  name: storeName,
  position: z.number().int().min(0).max(10_000).default(0),
});
export type DepartmentBody = z.input<typeof departmentBody>;
export const department = z.object({ id: serialId(), name: storeName, position: z.number().int() });
export type Department = z.infer<typeof department>;
export const departmentList = z.object({ items: z.array(department) });

export const categoryBody = z.object({
  name: storeName,
  /** Most units one user may redeem of this category within `periodDays`; null: no maximum. */
  maxPerUser: z.number().int().min(1).max(L.maxPerPeriod).nullable().default(null),
  /** The window the maximum counts over (the last N days); null: ever. */
  periodDays: z.number().int().min(1).max(L.periodDays).nullable().default(null),
});
export type CategoryBody = z.input<typeof categoryBody>;
export const category = z.object({
  id: serialId(),
  name: storeName,
  maxPerUser: z.number().int().nullable(),
  periodDays: z.number().int().nullable(),
});
export type Category = z.infer<typeof category>;
export const categoryList = z.object({ items: z.array(category) });

// Items

export const itemKinds = ['physical', 'digital'] as const;
export const itemKind = z.enum(itemKinds);
export type ItemKind = z.infer<typeof itemKind>;

export const variantBody = z.object({
  /** Set when editing an existing variant; absent for a new one. */
  id: serialId().optional(),
  label: storeName,
  stock: z.number().int().min(0).max(L.stock),
});

/** Areas, countries and profiles an item is limited to: every list that is set must match; empty: everyone. */
export const storeAudience = z.object({
  areaIds: z.array(serialId()).max(L.audienceIds).default([]),
  countryIds: z.array(serialId()).max(L.audienceIds).default([]),
  roles: z.array(roleName).max(20).default([]),
});
export type StoreAudience = z.output<typeof storeAudience>;

export const itemBody = z
  .object({
    departmentId: serialId(),
    categoryId: serialId(),
    title: storeName,
    description: storeDescription,
    imageUrl: text().trim().max(L.imageUrl).nullable().default(null),
    /** Further photos after the cover, in the order shown. */
    gallery: z.array(text().trim().min(1).max(L.imageUrl)).max(L.gallery).default([]),
    price: z.number().int().min(1).max(L.price),
    /** Units of an item without variants; with variants each has its own (this one is then unused). */
    stock: z.number().int().min(0).max(L.stock).default(0),
    kind: itemKind,
    variants: z.array(variantBody).max(L.variants).default([]),
    availableFrom: z.iso.datetime({ offset: true }).nullable().default(null),
    availableUntil: z.iso.datetime({ offset: true }).nullable().default(null),
    requiredCourseIds: z.array(serialId()).max(L.requiredCourses).default([]),
    /** The loyalty program's level needed (that level or a higher one redeems); null: none. */
    minLevelId: serialId().nullable().default(null),
    /** Who sees and redeems it; empty lists do not limit. */
    audience: storeAudience.default({ areaIds: [], countryIds: [], roles: [] }),
    active: z.boolean().default(true),
    /** At or under this many units (the item's, or each variant's) staff are told it runs low. */
    lowStockThreshold: z.number().int().min(0).max(L.stock).default(5),
  })
  .refine((v) => !(v.kind === 'digital' && v.variants.length > 0), {
    message: 'a digital item has no variants',
    path: ['variants'],
  })
  .refine((v) => !v.availableFrom || !v.availableUntil || v.availableFrom < v.availableUntil, {
    message: 'availableUntil must be after availableFrom',
    path: ['availableUntil'],
  });
export type ItemBody = z.input<typeof itemBody>;

export const variant = z.object({ id: serialId(), label: storeName, stock: z.number().int() });

export const adminItem = z.object({
  id: serialId(),
  departmentId: serialId(),
  categoryId: serialId(),
  title: storeName,
  /** As written (a description may be far longer than a name; the request's bounds already held). */
  description: z.object({
    'pt-BR': z.string(),
    'en-US': z.string().optional(),
    es: z.string().optional(),
    fr: z.string().optional(),
  }),
  imageUrl: z.string().nullable(),
  gallery: z.array(z.string()),
  price: z.number().int(),
  stock: z.number().int(),
  kind: itemKind,
  variants: z.array(variant),
  availableFrom: z.string().nullable(),
  availableUntil: z.string().nullable(),
  requiredCourseIds: z.array(z.number().int()),
  minLevelId: z.number().int().nullable(),
  audience: z.object({
    areaIds: z.array(z.number().int()),
    countryIds: z.array(z.number().int()),
    roles: z.array(z.string()),
  }),
  active: z.boolean(),
  redeemed: z.number().int(),
  lowStockThreshold: z.number().int(),
  vouchers: z.object({ available: z.number().int(), handedOut: z.number().int() }),
});
export type AdminItem = z.infer<typeof adminItem>;
export const adminItemResponse = z.object({ item: adminItem });
export const adminItemPage = page(adminItem);
export const adminItemQuery = pageQuery.extend({
  q: text().trim().max(L.search).default(''),
});

// Voucher pools

export const voucherUploadBody = z.object({
  codes: z.array(text().trim().min(1).max(L.voucherCode)).min(1).max(L.vouchersPerUpload),
});
/** Staff see counts, never codes. */
export const voucherPool = z.object({
  itemId: serialId(),
  added: z.number().int(),
  available: z.number().int(),
  handedOut: z.number().int(),
});

// The learner's store

export const storeSorts = ['popular', 'az', 'price_asc', 'price_desc'] as const;
export const storeListQuery = pageQuery.extend({
  categoryId: serialIdParam().optional(),
  departmentId: serialIdParam().optional(),
  priceMin: z.coerce.number().int().min(0).max(L.price).optional(),
  priceMax: z.coerce.number().int().min(0).max(L.price).optional(),
  /** Only items the caller's available points pay for. */
  affordable: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  q: text().trim().max(L.search).default(''),
  sort: z.enum(storeSorts).default('popular'),
});
export type StoreListQuery = z.infer<typeof storeListQuery>;

export const storeItem = z.object({
  id: serialId(),
  departmentId: serialId(),
  categoryId: serialId(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number().int(),
  kind: itemKind,
  /** Units left (the sum of the variants' where it has variants). */
  stock: z.number().int(),
  affordable: z.boolean(),
});
export const storeItemPage = page(storeItem).extend({
  /** The caller's spendable points (points − held). */
  available: z.number().int(),
});

/** The departments and categories a learner filters by, named in the caller's language. */
export const storeCatalog = z.object({
  departments: z.array(z.object({ id: serialId(), name: z.string() })),
  categories: z.array(
    z.object({
      id: serialId(),
      name: z.string(),
      maxPerUser: z.number().int().nullable(),
      periodDays: z.number().int().nullable(),
    }),
  ),
});
export type StoreCatalog = z.infer<typeof storeCatalog>;

/** A level of the loyalty program, as the store names it. */
export const storeLevel = z.object({ id: serialId(), name: z.string(), position: z.number().int() });
export type StoreLevel = z.infer<typeof storeLevel>;
/** GET /api/admin/store/options: what the item editor offers (the program's levels, the client's areas). */
export const storeEditorOptions = z.object({
  levels: z.array(storeLevel),
  areas: z.array(z.object({ id: serialId(), name: z.string() })),
});
export type StoreEditorOptions = z.infer<typeof storeEditorOptions>;

/** What stops the caller from redeeming the item now; all empty/false: it can be redeemed. */
export const redeemMissing = z.object({
  points: z.number().int(),
  courseIds: z.array(z.number().int()),
  /** The level to reach (the caller's is lower), else null. */
  level: storeLevel.nullable(),
  outOfStock: z.boolean(),
  categoryLimitReached: z.boolean(),
  notAvailableNow: z.boolean(),
});
export const storeItemDetail = z.object({
  item: storeItem.extend({
    description: z.string(),
    variants: z.array(z.object({ id: serialId(), label: z.string(), stock: z.number().int() })),
    availableFrom: z.string().nullable(),
    availableUntil: z.string().nullable(),
    requiredCourseIds: z.array(z.number().int()),
    /** Further photos after the cover, in order. */
    gallery: z.array(z.string()),
    /** The loyalty program's level needed, else null. */
    minLevel: storeLevel.nullable(),
  }),
  missing: redeemMissing,
  canRedeem: z.boolean(),
});
export type StoreItemDetail = z.infer<typeof storeItemDetail>;

export const deliveryAddress = z.object({
  zip: text().trim().min(1).max(20),
  street: text().trim().min(1).max(200),
  number: text().trim().max(20).default(''),
  complement: text().trim().max(120).default(''),
  neighborhood: text().trim().max(120).default(''),
  city: text().trim().min(1).max(120),
  state: text().trim().max(120).default(''),
  country: text().trim().min(1).max(120),
});
export type DeliveryAddress = z.output<typeof deliveryAddress>;

export const redeemBody = z.object({
  variantId: serialId().nullable().default(null),
  quantity: z.literal(1).default(1),
  /** Required for a physical item; ignored for a digital one. */
  address: deliveryAddress.nullable().default(null),
});
export type RedeemBody = z.input<typeof redeemBody>;

// Orders

export const orderStatuses = ['awaiting_approval', 'approved', 'shipped', 'delivered', 'reproved'] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/** The allowed moves; anything else is STORE_ORDER_TRANSITION_INVALID (409). */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_approval: ['approved', 'reproved'],
  approved: ['shipped', 'delivered'],
  shipped: ['delivered'],
  delivered: [],
  reproved: [],
};

export const storeOrder = z.object({
  id: serialId(),
  userId: serialId(),
  itemId: serialId(),
  variantId: z.number().int().nullable(),
  itemTitle: z.string(),
  kind: itemKind,
  quantity: z.number().int(),
  price: z.number().int(),
  status: orderStatus,
  address: deliveryAddress.nullable(),
  carrier: z.string().nullable(),
  trackingCode: z.string().nullable(),
  reason: z.string().nullable(),
  /** The voucher's code: only to the user who redeemed it, once the order is approved. */
  voucherCode: z.string().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  reprovedAt: z.string().nullable(),
  /** The customer's name and e-mail: in the back office's queue only. */
  customer: z.object({ name: z.string(), email: z.string().nullable() }).optional(),
});
export type StoreOrder = z.infer<typeof storeOrder>;
export const storeOrderResponse = z.object({ order: storeOrder, replayed: z.boolean().optional() });
export const storeOrderPage = page(storeOrder);

export const adminOrderQuery = pageQuery.extend({
  status: orderStatus.optional(),
  userId: serialIdParam().optional(),
  itemId: serialIdParam().optional(),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;

export const reproveBody = z.object({ reason: text().trim().min(1).max(L.reason) });
export const shipBody = z.object({
  carrier: text().trim().min(1).max(L.carrier),
  trackingCode: text().trim().min(1).max(L.tracking),
});

// Back office: orders in bulk (docs/store.md)

/** Bounds of the queue's bulk moves and its files. */
export const storeBulkLimits = {
  /** Orders one bulk approval takes. */
  approve: 100,
  /** Rows of the CSV export; a longer queue is narrowed by its filters. */
  exportRows: 50_000,
  /** Characters of a shipping CSV (about 256 KB of text). */
  shipCsvChars: 262_144,
  /** Data rows of a shipping CSV. */
  shipRows: 500,
} as const;

/** Filters of the CSV export: the queue's, without paging. */
export const adminOrderExportQuery = z.object({
  status: orderStatus.optional(),
  userId: serialIdParam().optional(),
  itemId: serialIdParam().optional(),
});
export type AdminOrderExportQuery = z.infer<typeof adminOrderExportQuery>;

export const bulkApproveBody = z.object({
  ids: z
    .array(serialId())
    .min(1)
    .max(storeBulkLimits.approve)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'ids must not repeat' }),
});
export type BulkApproveBody = z.infer<typeof bulkApproveBody>;

/** Each order approved in its own transaction: those that moved, and why each other one did not. */
export const bulkApproveResult = z.object({
  approved: z.array(serialId()),
  failed: z.array(z.object({ id: serialId(), code: z.string() })),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResult>;

/**
 * Shipping by CSV: the file's text, one row per order (`order,carrier,tracking`; a header row is skipped;
 * comma or semicolon separated). Bounded in characters here and in rows by the service.
 */
export const shipCsvBody = z.object({
  csv: z.string().min(1).max(storeBulkLimits.shipCsvChars),
});
export type ShipCsvBody = z.infer<typeof shipCsvBody>;

/** Why a row of a shipping CSV was not shipped (translated in the store catalog, `shipCsv.codes`). */
export const shipRowCodes = [
  'columns',
  'order_invalid',
  'carrier_invalid',
  'tracking_invalid',
  'duplicate',
  'NOT_FOUND',
  'STORE_ORDER_TRANSITION_INVALID',
  'failed',
] as const;
export const shipRowCode = z.enum(shipRowCodes);
export type ShipRowCode = z.infer<typeof shipRowCode>;

export const shipCsvResult = z.object({
  rows: z.array(
    z.object({
      /** The row's line in the file (1 = the first line). */
      line: z.number().int(),
      orderId: z.number().int().nullable(),
      ok: z.boolean(),
      code: shipRowCode.nullable(),
    }),
  ),
  shipped: z.number().int(),
  failed: z.number().int(),
});
export type ShipCsvResult = z.infer<typeof shipCsvResult>;

// Back office: low stock

/** Active items (or variants) at or under their low-stock threshold, fewest units first. */
export const lowStockList = z.object({
  items: z.array(
    z.object({
      itemId: serialId(),
      variantId: z.number().int().nullable(),
      /** In the caller's language; a variant's label follows the item's title. */
      title: z.string(),
      variantLabel: z.string().nullable(),
      stock: z.number().int(),
      threshold: z.number().int(),
      kind: itemKind,
    }),
  ),
});
export type LowStockList = z.infer<typeof lowStockList>;
