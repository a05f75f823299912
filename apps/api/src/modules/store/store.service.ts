import { createHash } from 'node:crypto';
import {
  categoryBody,
  departmentBody,
  itemBody,
  orderTransitions,
  redeemBody,
  type AdminItem,
  type AdminOrderQuery,
  type Category,
  type Department,
  type OrderStatus,
  type RedeemBody,
  type StoreItemDetail,
  type StoreLevel,
  type StoreListQuery,
  type StoreName,
  type StoreOrder,
} from '@trilha/contracts/store';
import type { LanguageCode } from '@trilha/contracts/session';
import type { Db, Tx } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import { createSealer, resolveMessageKey, type Sealer } from '../messaging/sealed';
import type { NotificationService } from '../notifications/notifications.service';
import type { LoyaltyLevelsPort } from '../loyalty/loyalty.port';
import type { LedgerPort } from '../rewards/ports';
import {
  createStoreRepo,
  type CategoryRow,
  type DepartmentRow,
  type ItemRow,
  type OrderRow,
  type StoreRepo,
  type VariantRow,
} from './store.repo';

/**
 * Whether an order of this user must wait before it is approved (the loyalty program: sales or photos
 * pending audit). The loyalty issue fills it; until then nothing waits.
 */
export type ApprovalMayWait = (userId: number, clientId: number) => Promise<boolean>;

/** What an item's audience is tested against: the shopper's country, areas and profiles in the client. */
export interface Shopper {
  countryId: number | null;
  areaIds: readonly number[];
  roles: readonly string[];
}

/** Whether the shopper is of the item's audience: every list that is set matches (empty: everyone). */
export function inAudience(
  item: Pick<ItemRow, 'audienceAreaIds' | 'audienceCountryIds' | 'audienceRoles'>,
  who: Shopper,
) {
  return (
    (item.audienceAreaIds.length === 0 || item.audienceAreaIds.some((id) => who.areaIds.includes(id))) &&
    (item.audienceCountryIds.length === 0 ||
      (who.countryId !== null && item.audienceCountryIds.includes(who.countryId))) &&
    (item.audienceRoles.length === 0 || item.audienceRoles.some((r) => who.roles.includes(r)))
  );
}

export interface StoreDeps {
  db: Db;
  now: () => Date;
  ledger: LedgerPort;
  notifications: Pick<NotificationService, 'notify'>;
  /** Whether the user finished the course (learning's finishes port). */
  courseFinished: (clientId: number, userId: number, courseId: number) => Promise<boolean>;
  /** Whether the client has that course (learning's targets). */
  courseExists: (clientId: number, courseId: number) => Promise<boolean>;
  approvalMayWait: ApprovalMayWait;
  /** The loyalty program's levels and the member's (read only). */
  levels: LoyaltyLevelsPort;
  /**
   * The caller's country, areas and profiles in the client (learning's audience facts); the profiles are
   * the actor's when it carries them.
   */
  shopperOf: (actor: Actor) => Promise<Shopper>;
  /** The client's audience areas (learning's taxonomy). */
  areasOf: (clientId: number) => Promise<{ id: number; name: string }[]>;
  /** The name and e-mail the back office's queue shows (the users module's directory). */
  customerOf: (userId: number) => Promise<{ name: string; email: string | null } | null>;
  messageKey: string | undefined;
  /** The client's staff who run the store (the `rewards.manage` capability): told when an item runs low. */
  staffOf: (clientId: number) => Promise<number[]>;
}

/** Rows of the back office's low-stock list. */
const LOW_STOCK_LIST_MAX = 500;

export interface Actor {
  userId: number;
  clientId: number;
  /** The caller's profiles in the client as the request's tenant holds them; absent outside a request. */
  roles?: readonly string[];
}

const DAY_MS = 86_400_000;

const textIn = (t: unknown, lang: LanguageCode) => {
  const texts = (t ?? {}) as Partial<Record<LanguageCode, string>>;
  return (texts[lang] || texts['pt-BR'] || '').trim();
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function departmentOf(row: DepartmentRow): Department {
  return { id: row.id, name: row.name as StoreName, position: row.position };
}
function categoryOf(row: CategoryRow): Category {
  return { id: row.id, name: row.name as StoreName, maxPerUser: row.maxPerUser, periodDays: row.periodDays };
}

/**
 * The reward store (docs/store.md). Redemption holds the points through the ledger port and reserves a
 * unit with a conditional update in one unit of work; every order move is a conditional update from the
 * states it may leave, audited and told to the user in the same unit.
 */
export function createStoreService(deps: StoreDeps) {
  const { db } = deps;
  const uow = unitOfWork(db);
  const repoOf = (clientId: number) => createStoreRepo(db, clientId);

  let sealer: Promise<Sealer> | undefined;
  // A key of its own for voucher codes, derived from the message key.
  const sealerOf = () =>
    (sealer ??= resolveMessageKey(db, deps.messageKey).then((key) =>
      createSealer(createHash('sha256').update(key).update('store.vouchers').digest()),
    ));

  function adminItemOf(
    row: ItemRow,
    variants: VariantRow[],
    vouchers: { available: number; handedOut: number },
  ): AdminItem {
    return {
      id: row.id,
      departmentId: row.departmentId,
      categoryId: row.categoryId,
      title: row.title as StoreName,
      description: row.description as AdminItem['description'],
      imageUrl: row.imageUrl,
      gallery: row.gallery,
      price: row.price,
      stock: row.stock,
      kind: row.kind,
      variants: variants
        .filter((v) => v.itemId === row.id)
        .map((v) => ({ id: v.id, label: v.label as StoreName, stock: v.stock })),
      availableFrom: iso(row.availableFrom),
      availableUntil: iso(row.availableUntil),
      requiredCourseIds: row.requiredCourseIds,
      minLevelId: row.minLevelId,
      audience: {
        areaIds: row.audienceAreaIds,
        countryIds: row.audienceCountryIds,
        roles: row.audienceRoles,
      },
      active: row.active,
      redeemed: row.redeemed,
      lowStockThreshold: row.lowStockThreshold,
      vouchers,
    };
  }

  async function orderOf(
    repo: StoreRepo,
    row: OrderRow,
    item: { title: unknown; kind: 'physical' | 'digital' },
    lang: LanguageCode,
    revealTo: number | null,
  ): Promise<StoreOrder> {
    let voucherCode: string | null = null;
    const revealed = row.status === 'approved' || row.status === 'shipped' || row.status === 'delivered';
    if (item.kind === 'digital' && revealTo === row.userId && revealed) {
      const sealed = await repo.voucherOf(row.id);
      if (sealed) voucherCode = (await sealerOf()).open(sealed).body;
    }
    return {
      id: row.id,
      userId: row.userId,
      itemId: row.itemId,
      variantId: row.variantId,
      itemTitle: textIn(item.title, lang),
      kind: item.kind,
      quantity: row.quantity,
      price: row.price,
      status: row.status,
      address: (row.address as StoreOrder['address']) ?? null,
      carrier: row.carrier,
      trackingCode: row.trackingCode,
      reason: row.reason,
      voucherCode,
      createdAt: row.createdAt.toISOString(),
      approvedAt: iso(row.approvedAt),
      shippedAt: iso(row.shippedAt),
      deliveredAt: iso(row.deliveredAt),
      reprovedAt: iso(row.reprovedAt),
    };
  }

  async function checkItemRefs(
    repo: StoreRepo,
    clientId: number,
    departmentId: number,
    categoryId: number,
    courseIds: number[],
  ) {
    if (!(await repo.findDepartment(departmentId)) || !(await repo.findCategory(categoryId))) {
      throw new AppError('STORE_REF_INVALID', 422);
    }
    for (const id of courseIds) {
      if (!(await deps.courseExists(clientId, id))) throw new AppError('STORE_REF_INVALID', 422);
    }
  }

  /** The level is one of the program's in this client, the areas are the client's, the countries exist. */
  async function checkLevelAndAudience(
    repo: StoreRepo,
    clientId: number,
    minLevelId: number | null,
    audience: { areaIds: number[]; countryIds: number[] },
  ) {
    if (minLevelId !== null && !(await deps.levels.levels(clientId)).some((l) => l.id === minLevelId)) {
      throw new AppError('STORE_REF_INVALID', 422, { details: { field: 'minLevelId' } });
    }
    const areas = new Set((await deps.areasOf(clientId)).map((a) => a.id));
    if (audience.areaIds.some((id) => !areas.has(id))) {
      throw new AppError('STORE_REF_INVALID', 422, { details: { field: 'audience.areaIds' } });
    }
    if ((await repo.knownCountries(audience.countryIds)) !== audience.countryIds.length) {
      throw new AppError('STORE_REF_INVALID', 422, { details: { field: 'audience.countryIds' } });
    }
  }

  /**
   * The level the item asks for (`needed`, null when none or the program no longer has it) and, when the
   * user's is lower, the one to reach (`missing`). A level the program no longer has cannot be reached: it
   * is named by its id. The program's levels and the member's are read once.
   */
  async function levelOf(
    clientId: number,
    userId: number,
    item: ItemRow,
  ): Promise<{ needed: StoreLevel | null; missing: StoreLevel | null }> {
    if (item.minLevelId === null) return { needed: null, missing: null };
    const [levels, mine] = await Promise.all([
      deps.levels.levels(clientId),
      deps.levels.memberLevel(clientId, userId),
    ]);
    const needed = levels.find((l) => l.id === item.minLevelId) ?? null;
    if (!needed)
      return { needed, missing: { id: item.minLevelId, name: '', position: Number.MAX_SAFE_INTEGER } };
    return { needed, missing: mine && mine.position >= needed.position ? null : needed };
  }

  /** The item when the shopper may see it (active and of its audience), else 404. */
  async function visibleItem(repo: StoreRepo, actor: Actor, id: number) {
    const item = await repo.item(id);
    if (!item.active || !inAudience(item, await deps.shopperOf(actor))) {
      throw notFound();
    }
    return item;
  }

  const isOpen = (item: ItemRow, at: Date) =>
    item.active &&
    (!item.availableFrom || item.availableFrom <= at) &&
    (!item.availableUntil || item.availableUntil > at);

  async function categoryLimitReached(repo: StoreRepo, userId: number, item: ItemRow, at: Date) {
    const cat = await repo.findCategory(item.categoryId);
    if (!cat || cat.maxPerUser === null) return false;
    const since = cat.periodDays === null ? null : new Date(at.getTime() - cat.periodDays * DAY_MS);
    return (await repo.redeemedInCategory(userId, cat.id, since)) >= cat.maxPerUser;
  }

  async function missingCourses(clientId: number, userId: number, item: ItemRow) {
    const missing: number[] = [];
    for (const id of item.requiredCourseIds) {
      if (!(await deps.courseFinished(clientId, userId, id))) missing.push(id);
    }
    return missing;
  }

  const available = async (clientId: number, userId: number) => {
    const b = await deps.ledger.balance(clientId, userId);
    return b.points - b.held;
  };

  /**
   * Tells the store's staff about each unit of the item that has just gone down to its threshold, in the
   * caller's unit of work (once per crossing: the flag is cleared when the stock goes back above).
   */
  async function alertLowStock(repo: StoreRepo, clientId: number, itemId: number, tx: Tx) {
    const gone = await repo.syncLowStock(itemId);
    if (gone.length === 0) return;
    const item = await repo.item(itemId);
    const staff = await deps.staffOf(clientId);
    for (const unit of gone) {
      const label = unit.label ? textIn(unit.label, 'pt-BR') : '';
      const itemTitle = label ? `${textIn(item.title, 'pt-BR')} (${label})` : textIn(item.title, 'pt-BR');
      for (const userId of staff) {
        await deps.notifications.notify(
          { userId, clientId, kind: 'store.low_stock', data: { itemTitle, stock: unit.stock } },
          { tx },
        );
      }
    }
  }

  async function move(
    actor: Actor,
    id: number,
    to: OrderStatus,
    set: Partial<OrderRow>,
    lang: LanguageCode,
    effects: (order: OrderRow, title: string, tx: Tx) => Promise<void>,
  ) {
    const repo = repoOf(actor.clientId);
    return uow.run(async (tx) => {
      const before = await repo.order(id);
      const item = await repo.item(before.itemId);
      // A physical item is shipped before it is delivered; a digital one is delivered once approved.
      const from = (Object.keys(orderTransitions) as OrderStatus[]).filter(
        (s) =>
          orderTransitions[s].includes(to) &&
          !(to === 'delivered' && item.kind === 'physical' && s === 'approved') &&
          !(to === 'delivered' && item.kind === 'digital' && s === 'shipped'),
      );
      if (to === 'shipped' && item.kind !== 'physical') {
        throw new AppError('STORE_ORDER_TRANSITION_INVALID', 409);
      }
      const moved = await repo.moveOrder(id, from, to, { ...set, actorId: actor.userId });
      if (!moved) throw new AppError('STORE_ORDER_TRANSITION_INVALID', 409);
      const title = textIn(item.title, 'pt-BR');
      await effects(moved, title, tx);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: `store_order.${to === 'approved' ? 'approve' : to === 'reproved' ? 'reprove' : to === 'shipped' ? 'ship' : 'deliver'}`,
        target: { type: 'store_order', id },
        before: { status: before.status },
        after: { status: to },
        details: { userId: moved.userId, itemId: moved.itemId, reason: moved.reason ?? undefined },
      });
      return orderOf(repo, moved, item, lang, null);
    });
  }

  return {
    // Back office: departments and categories

    async departments(clientId: number) {
      return { items: (await repoOf(clientId).departments()).map(departmentOf) };
    },
    async saveDepartment(actor: Actor, id: number | null, input: unknown) {
      const body = departmentBody.parse(input);
      const repo = repoOf(actor.clientId);
      return uow.run(async (tx) => {
        const row = id === null ? await repo.createDepartment(body) : await repo.updateDepartment(id, body);
        if (!row) throw notFound();
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: id === null ? 'store_department.create' : 'store_department.update',
          target: { type: 'store_department', id: row.id },
          after: body,
        });
        return departmentOf(row);
      });
    },
    async deleteDepartment(actor: Actor, id: number) {
      const repo = repoOf(actor.clientId);
      await uow.run(async (tx) => {
        await repo.department(id);
        if ((await repo.itemsUsing('departmentId', id)) > 0) throw new AppError('STORE_IN_USE', 409);
        await repo.deleteDepartment(id);
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'store_department.delete',
          target: { type: 'store_department', id },
        });
      });
    },
    async categories(clientId: number) {
      return { items: (await repoOf(clientId).categories()).map(categoryOf) };
    },
    async saveCategory(actor: Actor, id: number | null, input: unknown) {
      const body = categoryBody.parse(input);
      const repo = repoOf(actor.clientId);
      return uow.run(async (tx) => {
        const row = id === null ? await repo.createCategory(body) : await repo.updateCategory(id, body);
        if (!row) throw notFound();
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: id === null ? 'store_category.create' : 'store_category.update',
          target: { type: 'store_category', id: row.id },
          after: body,
        });
        return categoryOf(row);
      });
    },
    async deleteCategory(actor: Actor, id: number) {
      const repo = repoOf(actor.clientId);
      await uow.run(async (tx) => {
        await repo.category(id);
        if ((await repo.itemsUsing('categoryId', id)) > 0) throw new AppError('STORE_IN_USE', 409);
        await repo.deleteCategory(id);
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'store_category.delete',
          target: { type: 'store_category', id },
        });
      });
    },

    // Back office: items and vouchers

    /** Active items and variants at or under their low-stock threshold, fewest units first. */
    async lowStock(clientId: number, lang: LanguageCode) {
      const rows = await repoOf(clientId).lowStock(LOW_STOCK_LIST_MAX);
      return {
        items: rows.map((r) => ({
          itemId: Number(r.item_id),
          variantId: r.variant_id === null ? null : Number(r.variant_id),
          title: textIn(r.title, lang),
          variantLabel: r.label ? textIn(r.label, lang) : null,
          stock: Number(r.stock),
          threshold: Number(r.threshold),
          kind: r.kind,
        })),
      };
    },

    async adminItems(clientId: number, q: string, page: number, pageSize: number, lang: LanguageCode) {
      const repo = repoOf(clientId);
      const { rows, total } = await repo.adminPage(q, page, pageSize, lang);
      const variants = await repo.variants(rows.map((r) => r.item.id));
      return {
        items: rows.map((r) =>
          adminItemOf(r.item, variants, { available: Number(r.available), handedOut: Number(r.handedOut) }),
        ),
        total,
        page,
        pageSize,
      };
    },
    async adminItem(clientId: number, id: number) {
      const repo = repoOf(clientId);
      const row = await repo.item(id);
      return adminItemOf(row, await repo.variants([id]), await repo.voucherCounts(id));
    },
    async saveItem(actor: Actor, id: number | null, input: unknown) {
      const body = itemBody.parse(input);
      const repo = repoOf(actor.clientId);
      const itemId = await uow.run(async (tx) => {
        await checkItemRefs(repo, actor.clientId, body.departmentId, body.categoryId, body.requiredCourseIds);
        const audience = {
          areaIds: [...new Set(body.audience.areaIds)],
          countryIds: [...new Set(body.audience.countryIds)],
          roles: [...new Set(body.audience.roles)],
        };
        await checkLevelAndAudience(repo, actor.clientId, body.minLevelId, audience);
        const values = {
          departmentId: body.departmentId,
          categoryId: body.categoryId,
          title: body.title,
          description: body.description,
          imageUrl: body.imageUrl,
          gallery: body.gallery,
          price: body.price,
          hasVariants: body.variants.length > 0,
          kind: body.kind,
          availableFrom: body.availableFrom ? new Date(body.availableFrom) : null,
          availableUntil: body.availableUntil ? new Date(body.availableUntil) : null,
          requiredCourseIds: [...new Set(body.requiredCourseIds)],
          minLevelId: body.minLevelId,
          audienceAreaIds: audience.areaIds,
          audienceCountryIds: audience.countryIds,
          audienceRoles: audience.roles,
          active: body.active,
          lowStockThreshold: body.lowStockThreshold,
        };
        let rowId: number;
        if (id === null) {
          // A digital item's stock is its free vouchers: it starts at 0 and rises with each upload.
          rowId = (await repo.createItem({ ...values, stock: body.kind === 'digital' ? 0 : body.stock })).id;
        } else {
          const before = await repo.item(id);
          if (before.kind !== body.kind) throw new AppError('STORE_REF_INVALID', 422);
          await repo.updateItem(id, body.kind === 'digital' ? values : { ...values, stock: body.stock });
          rowId = id;
        }
        for (const v of body.variants) {
          if (v.id !== undefined) {
            if (!(await repo.updateVariant(rowId, v.id, v.label, v.stock))) throw notFound();
          } else {
            await repo.insertVariant(rowId, v.label, v.stock);
          }
        }
        await alertLowStock(repo, actor.clientId, rowId, tx);
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: id === null ? 'store_item.create' : 'store_item.update',
          target: { type: 'store_item', id: rowId },
          after: { ...body, description: undefined },
        });
        return rowId;
      });
      return this.adminItem(actor.clientId, itemId);
    },
    async uploadVouchers(actor: Actor, itemId: number, codes: readonly string[]) {
      const repo = repoOf(actor.clientId);
      const s = await sealerOf();
      const unique = [...new Set(codes)];
      return uow.run(async (tx) => {
        const item = await repo.item(itemId);
        if (item.kind !== 'digital') throw new AppError('STORE_NOT_DIGITAL', 422);
        await repo.insertVouchers(
          itemId,
          unique.map((code) => s.seal({ subject: 'store-voucher', body: code })),
        );
        await alertLowStock(repo, actor.clientId, itemId, tx);
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'store_item.vouchers',
          target: { type: 'store_item', id: itemId },
          details: { added: unique.length },
        });
        return { itemId, added: unique.length, ...(await repo.voucherCounts(itemId)) };
      });
    },

    // The learner's store

    async listing(actor: Actor, query: StoreListQuery, lang: LanguageCode) {
      const [points, shopper] = await Promise.all([
        available(actor.clientId, actor.userId),
        deps.shopperOf(actor),
      ]);
      const { rows, total } = await repoOf(actor.clientId).listing(query, deps.now(), points, lang, shopper);
      return {
        items: rows.map((r) => ({
          id: r.item.id,
          departmentId: r.item.departmentId,
          categoryId: r.item.categoryId,
          title: textIn(r.item.title, lang),
          imageUrl: r.item.imageUrl,
          price: r.item.price,
          kind: r.item.kind,
          stock: Number(r.stock),
          affordable: r.item.price <= points,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        available: points,
      };
    },

    async detail(actor: Actor, id: number, lang: LanguageCode): Promise<StoreItemDetail> {
      const repo = repoOf(actor.clientId);
      const at = deps.now();
      const item = await visibleItem(repo, actor, id);
      const variants = await repo.variants([id]);
      const stock = item.hasVariants ? variants.reduce((n, v) => n + v.stock, 0) : item.stock;
      const points = await available(actor.clientId, actor.userId);
      const level = await levelOf(actor.clientId, actor.userId, item);
      const missing = {
        points: Math.max(0, item.price - points),
        courseIds: await missingCourses(actor.clientId, actor.userId, item),
        level: level.missing,
        outOfStock: stock === 0,
        categoryLimitReached: await categoryLimitReached(repo, actor.userId, item, at),
        notAvailableNow: !isOpen(item, at),
      };
      return {
        item: {
          id: item.id,
          departmentId: item.departmentId,
          categoryId: item.categoryId,
          title: textIn(item.title, lang),
          description: textIn(item.description, lang),
          imageUrl: item.imageUrl,
          price: item.price,
          kind: item.kind,
          stock,
          affordable: item.price <= points,
          variants: variants.map((v) => ({ id: v.id, label: textIn(v.label, lang), stock: v.stock })),
          availableFrom: iso(item.availableFrom),
          availableUntil: iso(item.availableUntil),
          requiredCourseIds: item.requiredCourseIds,
          gallery: item.gallery,
          minLevel: level.needed,
        },
        missing,
        canRedeem:
          missing.points === 0 &&
          missing.courseIds.length === 0 &&
          missing.level === null &&
          !missing.outOfStock &&
          !missing.categoryLimitReached &&
          !missing.notAvailableNow,
      };
    },

    /**
     * Redeems one unit: the checks, the hold, the unit and the order (and a digital item's voucher) in one
     * unit of work. The hold locks the user's account first, so one user's redemptions run one after the
     * other and the category count below reads what the previous one wrote.
     */
    async redeem(actor: Actor, itemId: number, input: RedeemBody, key: string, lang: LanguageCode) {
      const body = redeemBody.parse(input);
      if (key.length === 0 || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_INVALID', 400);
      const repo = repoOf(actor.clientId);
      const orderKey = `store:${key}`;
      try {
        return await uow.run(async (tx) => {
          const existing = await repo.orderByKey(actor.userId, orderKey);
          if (existing) {
            const it = await repo.item(existing.itemId);
            return { order: await orderOf(repo, existing, it, lang, actor.userId), replayed: true };
          }
          const at = deps.now();
          const item = await visibleItem(repo, actor, itemId);
          if (!isOpen(item, at)) throw new AppError('STORE_ITEM_NOT_AVAILABLE', 422);
          const variants = item.hasVariants ? await repo.variants([itemId]) : [];
          if (item.hasVariants !== (body.variantId !== null))
            throw new AppError('STORE_VARIANT_REQUIRED', 422);
          if (body.variantId !== null && !variants.some((v) => v.id === body.variantId)) {
            throw new AppError('STORE_VARIANT_REQUIRED', 422);
          }
          if (item.kind === 'physical' && body.address === null)
            throw new AppError('STORE_ADDRESS_REQUIRED', 422);
          if ((await missingCourses(actor.clientId, actor.userId, item)).length > 0) {
            throw new AppError('STORE_COURSE_REQUIRED', 422);
          }
          if ((await levelOf(actor.clientId, actor.userId, item)).missing !== null) {
            throw new AppError('STORE_LEVEL_REQUIRED', 422);
          }
          // Locks the user's account: from here on this user's redemptions run one at a time.
          const hold = await deps.ledger.hold({
            clientId: actor.clientId,
            userId: actor.userId,
            points: item.price,
            source: 'redemption',
            refType: 'store_item',
            refId: item.id,
            actorId: actor.userId,
            idempotencyKey: orderKey,
          });
          if (hold.replayed) {
            const again = await repo.orderByKey(actor.userId, orderKey);
            if (again) return { order: await orderOf(repo, again, item, lang, actor.userId), replayed: true };
          }
          if (await categoryLimitReached(repo, actor.userId, item, at)) {
            throw new AppError('STORE_CATEGORY_LIMIT_REACHED', 422);
          }
          if (!(await repo.takeUnit(item.id, body.variantId))) throw new AppError('STORE_OUT_OF_STOCK', 409);
          const order = await repo.insertOrder({
            userId: actor.userId,
            itemId: item.id,
            variantId: body.variantId,
            categoryId: item.categoryId,
            quantity: 1,
            price: item.price,
            status: 'awaiting_approval',
            holdId: hold.holdId,
            idempotencyKey: orderKey,
            address: item.kind === 'physical' ? body.address : null,
            actorId: actor.userId,
          });
          if (item.kind === 'digital' && (await repo.assignVoucher(item.id, order.id)) === null) {
            throw new AppError('STORE_OUT_OF_STOCK', 409);
          }
          await alertLowStock(repo, actor.clientId, item.id, tx);
          await audit(tx, {
            actorId: actor.userId,
            clientId: actor.clientId,
            action: 'store_order.redeem',
            target: { type: 'store_order', id: order.id },
            after: { status: order.status },
            details: { itemId: item.id, variantId: body.variantId, price: item.price, holdId: hold.holdId },
          });
          return { order: await orderOf(repo, order, item, lang, actor.userId), replayed: false };
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'REWARDS_INSUFFICIENT_POINTS') {
          throw new AppError('STORE_INSUFFICIENT_POINTS', 422);
        }
        // The database gave up on the transaction (a deadlock or serialization failure): nothing was
        // written, and the user may try again.
        const pgCode =
          (error as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code ??
          (error as { code?: unknown } | null)?.code;
        if (pgCode === '40P01' || pgCode === '40001') throw new AppError('STORE_REDEEM_FAILED', 409);
        throw error;
      }
    },

    /** What the item editor offers: the program's levels and the client's audience areas. */
    async editorOptions(clientId: number) {
      const [levels, areas] = await Promise.all([deps.levels.levels(clientId), deps.areasOf(clientId)]);
      return { levels, areas: areas.map((a) => ({ id: a.id, name: a.name })) };
    },

    /** The departments and categories a learner filters by, named in the caller's language. */
    async catalog(clientId: number, lang: LanguageCode) {
      const repo = repoOf(clientId);
      const [departments, categories] = await Promise.all([repo.departments(), repo.categories()]);
      return {
        departments: departments.map((d) => ({ id: d.id, name: textIn(d.name, lang) })),
        categories: categories.map((c) => ({
          id: c.id,
          name: textIn(c.name, lang),
          maxPerUser: c.maxPerUser,
          periodDays: c.periodDays,
        })),
      };
    },

    async myOrders(actor: Actor, page: number, pageSize: number, lang: LanguageCode) {
      const repo = repoOf(actor.clientId);
      const { rows, total } = await repo.ordersPage({ userId: actor.userId }, page, pageSize);
      const items = [];
      for (const r of rows) items.push(await orderOf(repo, r.order, r, lang, actor.userId));
      return { items, total, page, pageSize };
    },
    async myOrder(actor: Actor, id: number, lang: LanguageCode) {
      const repo = repoOf(actor.clientId);
      const row = await repo.order(id);
      if (row.userId !== actor.userId) throw notFound();
      return { order: await orderOf(repo, row, await repo.item(row.itemId), lang, actor.userId) };
    },

    // Back office: orders

    async adminOrders(clientId: number, query: AdminOrderQuery, lang: LanguageCode) {
      const repo = repoOf(clientId);
      const { rows, total } = await repo.ordersPage(query, query.page, query.pageSize);
      const customers = new Map<number, { name: string; email: string | null } | null>();
      for (const userId of new Set(rows.map((r) => r.order.userId))) {
        customers.set(userId, await deps.customerOf(userId));
      }
      const items = [];
      for (const r of rows) {
        const order = await orderOf(repo, r.order, r, lang, null);
        const customer = customers.get(r.order.userId);
        items.push(customer ? { ...order, customer } : order);
      }
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async approve(actor: Actor, id: number, lang: LanguageCode) {
      const before = await repoOf(actor.clientId).order(id);
      if (
        before.status === 'awaiting_approval' &&
        (await deps.approvalMayWait(before.userId, actor.clientId))
      ) {
        throw new AppError('STORE_ORDER_AWAITING_AUDIT', 409);
      }
      return move(actor, id, 'approved', { approvedAt: deps.now() }, lang, async (order, title, tx) => {
        await deps.ledger.commitHold({
          clientId: actor.clientId,
          holdId: order.holdId,
          actorId: actor.userId,
        });
        await deps.notifications.notify(
          {
            userId: order.userId,
            clientId: actor.clientId,
            kind: 'store.order_approved',
            data: { itemTitle: title },
          },
          { tx },
        );
      });
    },

    async reprove(actor: Actor, id: number, reason: string, lang: LanguageCode) {
      const repo = repoOf(actor.clientId);
      return move(
        actor,
        id,
        'reproved',
        { reprovedAt: deps.now(), reason },
        lang,
        async (order, title, tx) => {
          await deps.ledger.releaseHold({
            clientId: actor.clientId,
            holdId: order.holdId,
            actorId: actor.userId,
          });
          await repo.returnUnit(order.itemId, order.variantId);
          await alertLowStock(repo, actor.clientId, order.itemId, tx);
          // The code was never shown (codes are revealed on approval): it goes back to the pool.
          await repo.releaseVoucher(order.id);
          await deps.notifications.notify(
            {
              userId: order.userId,
              clientId: actor.clientId,
              kind: 'store.order_reproved',
              data: { itemTitle: title, reason },
            },
            { tx },
          );
        },
      );
    },

    async ship(actor: Actor, id: number, carrier: string, trackingCode: string, lang: LanguageCode) {
      return move(
        actor,
        id,
        'shipped',
        { shippedAt: deps.now(), carrier, trackingCode },
        lang,
        async (order, title, tx) => {
          await deps.notifications.notify(
            {
              userId: order.userId,
              clientId: actor.clientId,
              kind: 'store.order_shipped',
              data: { itemTitle: title, carrier, trackingCode },
            },
            { tx },
          );
        },
      );
    },

    async deliver(actor: Actor, id: number, lang: LanguageCode) {
      return move(actor, id, 'delivered', { deliveredAt: deps.now() }, lang, async (order, title, tx) => {
        await deps.notifications.notify(
          {
            userId: order.userId,
            clientId: actor.clientId,
            kind: 'store.order_delivered',
            data: { itemTitle: title },
          },
          { tx },
        );
      });
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
