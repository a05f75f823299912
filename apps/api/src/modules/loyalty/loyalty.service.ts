import type { z } from 'zod';
import {
  brandBody,
  campaignBody,
  countryBody,
  levelsBody,
  productBody,
  registerBody,
  retailerBody,
  storeBody,
  type AdminCampaign,
  type CampaignStatus,
  type Level,
  type LearnerCampaign,
} from '@trilha/contracts/loyalty';
import type { AuditAction, AuditTargetType } from '@trilha/contracts/audit';
import { creditedPoints } from '@trilha/domain/points';
import type { Db, Tx } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { LedgerEarnings } from '../rewards/ports';
import { levelAt } from './loyalty-levels.service';
import { createLevelsRepo } from './loyalty-levels.repo';
import { importProducts, importStores } from './loyalty.import';
import {
  createLoyaltyRepo,
  type CampaignRow,
  type LevelRow,
  type LoyaltyRepo,
  type StoreListRow,
} from './loyalty.repo';

/** The ledger's reference of what a campaign credits (approved sales and photos): `loyalty_campaign` id. */
export const CAMPAIGN_REF = 'loyalty_campaign';

export interface LoyaltyDeps {
  db: Db;
  now: () => Date;
  /** Points and XP credited per campaign (the rewards module's ledger). */
  earnings: LedgerEarnings;
}

export interface Actor {
  userId: number;
  clientId: number;
}

export function campaignStatusAt(
  campaign: Pick<CampaignRow, 'beginsAt' | 'endsAt'>,
  at: Date,
): CampaignStatus {
  if (at < campaign.beginsAt) return 'upcoming';
  return at < campaign.endsAt ? 'active' : 'previous';
}

const isFrozen = (campaign: CampaignRow, at: Date) => campaign.frozenAt !== null || campaign.beginsAt <= at;

const levelOf = (row: LevelRow): Level => ({
  id: row.id,
  name: row.name,
  position: row.position,
  minXp: row.minXp,
  multiplier: Number(row.multiplier),
});

const storeOf = (r: StoreListRow) => ({
  id: r.store.id,
  code: r.store.code,
  name: r.store.name,
  city: r.store.city,
  retailerId: r.store.retailerId,
  retailerName: r.retailerName,
  countryId: r.store.countryId,
  countryCode: r.countryCode,
  timeZone: r.store.timeZone,
  phonesAndCamerasAllowed: r.store.phonesAndCamerasAllowed,
  active: r.store.active,
});

/** The database's code of a refused write, looked for through the causes drivers wrap it in. */
function sqlStateOf(error: unknown): unknown {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * The loyalty program (docs/loyalty.md): its structure (countries, retailers, stores, brands, products),
 * levels and campaigns for the back office, and the learner's campaigns, registration, stores and points
 * table. Every write runs in a unit of work with its audit row.
 */
export function createLoyaltyService(deps: LoyaltyDeps) {
  const { db } = deps;
  const uow = unitOfWork(db);
  const repoOf = (clientId: number) => createLoyaltyRepo(db, clientId);

  /** Runs a write with its audit row; a natural key taken meanwhile is LOYALTY_DUPLICATE, not a 500. */
  async function write<T>(
    actor: Actor,
    action: AuditAction,
    targetType: AuditTargetType,
    work: (repo: LoyaltyRepo, tx: Tx) => Promise<{ id: number | null; result: T; after?: unknown }>,
  ): Promise<T> {
    const repo = repoOf(actor.clientId);
    try {
      return await uow.run(async (tx) => {
        const { id, result, after } = await work(repo, tx);
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action,
          target: { type: targetType, id },
          after,
        });
        return result;
      });
    } catch (error) {
      const state = sqlStateOf(error);
      // Two saves of one natural key at once.
      if (state === '23505') throw new AppError('LOYALTY_DUPLICATE', 409);
      // A record another area refers to (a store or product with sales: 23001 for a restricting key,
      // 23503 otherwise), or a reference deleted while it was being saved: the checks above cover this
      // module's own references only.
      if (state === '23503' || state === '23001') throw action === 'loyalty.delete' ? inUse() : refInvalid();
      throw error;
    }
  }

  const duplicate = () => new AppError('LOYALTY_DUPLICATE', 409);
  const refInvalid = () => new AppError('LOYALTY_REF_INVALID', 422);
  const inUse = () => new AppError('LOYALTY_IN_USE', 409);

  async function levelsOf(clientId: number) {
    return (await repoOf(clientId).levels()).map(levelOf);
  }

  /** The member's level in force at `at` (their level history; without one, the level held, else the first). */
  async function levelInForce(
    repo: LoyaltyRepo,
    clientId: number,
    userId: number,
    at: Date,
  ): Promise<Level | null> {
    const [levels, history, held] = await Promise.all([
      repo.levels(),
      createLevelsRepo(db).history(clientId, userId),
      repo.memberLevelId(userId),
    ]);
    return levelAt(levels.map(levelOf), history, held, at);
  }

  /** The member's level now. */
  const memberLevel = (repo: LoyaltyRepo, clientId: number, userId: number) =>
    levelInForce(repo, clientId, userId, deps.now());

  /** A campaign the learner may see: one that has begun (upcoming ones are not shown yet). */
  async function startedCampaign(repo: LoyaltyRepo, id: number) {
    const campaign = await repo.findCampaign(id);
    if (!campaign || campaignStatusAt(campaign, deps.now()) === 'upcoming') throw notFound();
    return campaign;
  }

  async function adminCampaignOf(repo: LoyaltyRepo, row: CampaignRow): Promise<AdminCampaign> {
    const [storeIds, products, counts] = await Promise.all([
      repo.campaignStoreIds(row.id),
      repo.campaignProducts(row.id),
      repo.campaignInUse(row.id),
    ]);
    const now = deps.now();
    return {
      id: row.id,
      name: row.name,
      beginsAt: row.beginsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      countryGroup: row.countryGroup as 1 | 2,
      status: campaignStatusAt(row, now),
      frozen: isFrozen(row, now),
      storeCount: storeIds.length,
      productCount: products.length,
      registrationCount: counts,
      storeIds,
      products,
    };
  }

  /** The campaign's stores and products exist in this client, and every store is of its country group. */
  async function checkCampaignRefs(repo: LoyaltyRepo, body: z.output<typeof campaignBody>) {
    const storeIds = [...new Set(body.storeIds)];
    const productIds = body.products.map((p) => p.productId);
    if (storeIds.length !== body.storeIds.length || new Set(productIds).size !== productIds.length) {
      throw new AppError('VALIDATION_FAILED', 400, {
        details: { field: 'storeIds|products', problem: 'repeated' },
      });
    }
    if ((await repo.existingStoreIds(storeIds)).size !== storeIds.length) throw refInvalid();
    if ((await repo.existingProductIds(productIds)).size !== productIds.length) throw refInvalid();
    const outside = await repo.storesOutsideGroup(storeIds, body.countryGroup);
    if (outside.length > 0) {
      throw new AppError('LOYALTY_COUNTRY_NOT_IN_GROUP', 422, {
        details: { storeIds: outside.slice(0, 100) },
      });
    }
  }

  const samePoints = (
    a: readonly { productId: number; points: number }[],
    b: readonly { productId: number; points: number }[],
  ) => {
    if (a.length !== b.length) return false;
    const byId = new Map(a.map((p) => [p.productId, p.points]));
    return b.every((p) => byId.get(p.productId) === p.points);
  };

  return {
    // The learner

    /** Active and previous campaigns, each with my registration and what I earned in it. */
    async campaigns(actor: Actor): Promise<{ items: LearnerCampaign[] }> {
      const repo = repoOf(actor.clientId);
      const now = deps.now();
      await repo.freezeStarted(now);
      const campaigns = await repo.startedCampaigns(now);
      const ids = campaigns.map((c) => c.id);
      const [registrations, earned] = await Promise.all([
        repo.registrationsOf(actor.userId, ids),
        deps.earnings.earnedByRef(actor.clientId, actor.userId, CAMPAIGN_REF, ids),
      ]);
      const byCampaign = new Map(registrations.map((r) => [r.registration.campaignId, r]));
      const items = campaigns.map((c): LearnerCampaign => {
        const r = byCampaign.get(c.id);
        const e = earned.get(c.id) ?? { points: 0, xp: 0 };
        return {
          id: c.id,
          name: c.name,
          beginsAt: c.beginsAt.toISOString(),
          endsAt: c.endsAt.toISOString(),
          status: campaignStatusAt(c, now),
          countryGroup: c.countryGroup as 1 | 2,
          registration: r
            ? {
                id: r.registration.id,
                campaignId: c.id,
                storeId: r.registration.storeId,
                storeName: r.storeName,
                status: r.registration.status,
                registeredAt: r.registration.registeredAt.toISOString(),
              }
            : null,
          points: e.points,
          xp: e.xp,
        };
      });
      // Active campaigns first, then the previous ones, each newest first.
      items.sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active'));
      return { items };
    },

    /** Signs the learner up to an active campaign at one of its stores. */
    async register(actor: Actor, campaignId: number, input: unknown) {
      const body = registerBody.parse(input);
      const repo = repoOf(actor.clientId);
      return uow.run(async (tx) => {
        const now = deps.now();
        const campaign = await startedCampaign(repo, campaignId);
        if (campaignStatusAt(campaign, now) !== 'active')
          throw new AppError('LOYALTY_CAMPAIGN_NOT_ACTIVE', 409);
        const place = await repo.storeWithPlace(body.storeId);
        if (!place || !place.store.active || !(await repo.campaignHasStore(campaign.id, place.store.id))) {
          throw new AppError('LOYALTY_STORE_NOT_PARTICIPATING', 422);
        }
        if ((place.retailerGroup ?? place.countryGroup) !== campaign.countryGroup) {
          throw new AppError('LOYALTY_COUNTRY_NOT_IN_GROUP', 422);
        }
        const row = await repo.insertRegistration(actor.userId, campaign.id, place.store.id, now);
        if (!row) throw new AppError('LOYALTY_ALREADY_REGISTERED', 409);
        await audit(tx, {
          actorId: actor.userId,
          clientId: actor.clientId,
          action: 'loyalty.register',
          target: { type: 'loyalty_registration', id: row.id },
          after: { campaignId: campaign.id, storeId: place.store.id },
        });
        return {
          id: row.id,
          campaignId: campaign.id,
          storeId: place.store.id,
          storeName: place.store.name,
          status: row.status,
          registeredAt: row.registeredAt.toISOString(),
        };
      });
    },

    /** The stores of a campaign the learner may pick. */
    async campaignStores(actor: Actor, campaignId: number, q: string, page: number, pageSize: number) {
      const repo = repoOf(actor.clientId);
      await startedCampaign(repo, campaignId);
      const { rows, total } = await repo.campaignStores(campaignId, q, page, pageSize);
      return { items: rows.map(storeOf), total, page, pageSize };
    },

    /** The campaign's products, each worth its points × my level's multiplier (rounded down). */
    async pointsTable(actor: Actor, campaignId: number, q: string, page: number, pageSize: number) {
      const repo = repoOf(actor.clientId);
      await startedCampaign(repo, campaignId);
      const level = await memberLevel(repo, actor.clientId, actor.userId);
      const multiplier = level?.multiplier ?? 1;
      const { rows, total } = await repo.pointsTable(campaignId, q, page, pageSize);
      return {
        level,
        multiplier,
        items: rows.map((r) => ({
          productId: r.id,
          sku: r.sku,
          name: r.name,
          brand: r.brand,
          productType: r.product_type,
          processor: r.processor,
          processorGeneration: r.processor_generation,
          formFactor: r.form_factor,
          points: r.points,
          myPoints: creditedPoints(r.points, multiplier),
        })),
        total,
        page,
        pageSize,
      };
    },

    async levels(clientId: number) {
      return { items: await levelsOf(clientId) };
    },

    /**
     * The level in force for the member on that date, from their level history (docs/loyalty.md, "Levels"):
     * the sale audit takes its multiplier on the sale date. Null: the program has no levels.
     */
    levelInForce(clientId: number, userId: number, at: Date) {
      return levelInForce(repoOf(clientId), clientId, userId, at);
    },

    // Back office: countries

    async countries(clientId: number, q: string, page: number, pageSize: number) {
      const { rows, total } = await repoOf(clientId).countries(q, page, pageSize);
      return {
        items: rows.map((r) => ({
          id: r.id,
          code: r.code,
          name: r.name,
          countryGroup: r.countryGroup as 1 | 2,
        })),
        total,
        page,
        pageSize,
      };
    },
    saveCountry(actor: Actor, id: number | null, input: unknown) {
      const body = countryBody.parse(input);
      return write(
        actor,
        id === null ? 'loyalty.create' : 'loyalty.update',
        'loyalty_country',
        async (repo) => {
          const same = await repo.countryByCode(body.code);
          if (same && same.id !== id) throw duplicate();
          const row = id === null ? await repo.insertCountry(body) : await repo.updateCountry(id, body);
          if (!row) throw notFound();
          return { id: row.id, after: body, result: { ...body, id: row.id } };
        },
      );
    },
    deleteCountry(actor: Actor, id: number) {
      return write(actor, 'loyalty.delete', 'loyalty_country', async (repo) => {
        if (!(await repo.findCountry(id))) throw notFound();
        if (await repo.countryInUse(id)) throw inUse();
        await repo.deleteCountry(id);
        return { id, result: undefined };
      });
    },

    // Back office: retailers

    async retailers(clientId: number, q: string, page: number, pageSize: number) {
      const { rows, total } = await repoOf(clientId).retailers(q, page, pageSize);
      return {
        items: rows.map((r) => ({
          id: r.retailer.id,
          countryId: r.retailer.countryId,
          countryCode: r.countryCode,
          name: r.retailer.name,
          countryGroup: r.retailer.countryGroup as 1 | 2 | null,
          active: r.retailer.active,
        })),
        total,
        page,
        pageSize,
      };
    },
    saveRetailer(actor: Actor, id: number | null, input: unknown) {
      const body = retailerBody.parse(input);
      return write(
        actor,
        id === null ? 'loyalty.create' : 'loyalty.update',
        'loyalty_retailer',
        async (repo) => {
          const country = await repo.findCountry(body.countryId);
          if (!country) throw refInvalid();
          const same = await repo.retailerByName(body.countryId, body.name);
          if (same && same.id !== id) throw duplicate();
          if (id !== null) {
            // A chain with stores keeps its country: the stores are in it.
            const before = await repo.findRetailer(id);
            if (before && before.countryId !== body.countryId && (await repo.retailerInUse(id)))
              throw inUse();
          }
          const row = id === null ? await repo.insertRetailer(body) : await repo.updateRetailer(id, body);
          if (!row) throw notFound();
          return { id: row.id, after: body, result: { ...body, id: row.id, countryCode: country.code } };
        },
      );
    },
    deleteRetailer(actor: Actor, id: number) {
      return write(actor, 'loyalty.delete', 'loyalty_retailer', async (repo) => {
        if (!(await repo.findRetailer(id))) throw notFound();
        if (await repo.retailerInUse(id)) throw inUse();
        await repo.deleteRetailer(id);
        return { id, result: undefined };
      });
    },

    // Back office: stores

    async stores(clientId: number, q: string, page: number, pageSize: number) {
      const { rows, total } = await repoOf(clientId).stores(q, page, pageSize);
      return { items: rows.map(storeOf), total, page, pageSize };
    },
    saveStore(actor: Actor, id: number | null, input: unknown) {
      const body = storeBody.parse(input);
      return write(
        actor,
        id === null ? 'loyalty.create' : 'loyalty.update',
        'loyalty_store',
        async (repo) => {
          const retailer = await repo.findRetailer(body.retailerId);
          if (!retailer) throw refInvalid();
          const same = await repo.storeByCode(body.code);
          if (same && same.id !== id) throw duplicate();
          const values = { ...body, countryId: retailer.countryId };
          const row = id === null ? await repo.insertStore(values) : await repo.updateStore(id, values);
          if (!row) throw notFound();
          const place = (await repo.storeWithPlace(row.id))!;
          return {
            id: row.id,
            after: values,
            result: storeOf({ store: row, retailerName: place.retailerName, countryCode: place.countryCode }),
          };
        },
      );
    },
    deleteStore(actor: Actor, id: number) {
      return write(actor, 'loyalty.delete', 'loyalty_store', async (repo) => {
        if (!(await repo.findStore(id))) throw notFound();
        if (await repo.storeInUse(id)) throw inUse();
        await repo.deleteStore(id);
        return { id, result: undefined };
      });
    },

    // Back office: brands and products

    async brands(clientId: number, q: string, page: number, pageSize: number) {
      const { rows, total } = await repoOf(clientId).brands(q, page, pageSize);
      return { items: rows.map((r) => ({ id: r.id, name: r.name })), total, page, pageSize };
    },
    saveBrand(actor: Actor, id: number | null, input: unknown) {
      const body = brandBody.parse(input);
      return write(
        actor,
        id === null ? 'loyalty.create' : 'loyalty.update',
        'loyalty_brand',
        async (repo) => {
          const same = await repo.brandByName(body.name);
          if (same && same.id !== id) throw duplicate();
          const row = id === null ? await repo.insertBrand(body.name) : await repo.updateBrand(id, body.name);
          if (!row) throw notFound();
          return { id: row.id, after: body, result: { id: row.id, name: row.name } };
        },
      );
    },
    deleteBrand(actor: Actor, id: number) {
      return write(actor, 'loyalty.delete', 'loyalty_brand', async (repo) => {
        if (!(await repo.findBrand(id))) throw notFound();
        if (await repo.brandInUse(id)) throw inUse();
        await repo.deleteBrand(id);
        return { id, result: undefined };
      });
    },

    async products(clientId: number, q: string, page: number, pageSize: number) {
      const { rows, total } = await repoOf(clientId).products(q, page, pageSize);
      return {
        items: rows.map((r) => ({ ...productFields(r.product), brandName: r.brandName })),
        total,
        page,
        pageSize,
      };
    },
    saveProduct(actor: Actor, id: number | null, input: unknown) {
      const body = productBody.parse(input);
      return write(
        actor,
        id === null ? 'loyalty.create' : 'loyalty.update',
        'loyalty_product',
        async (repo) => {
          const brand = await repo.findBrand(body.brandId);
          if (!brand) throw refInvalid();
          const same = await repo.productBySku(body.sku);
          if (same && same.id !== id) throw duplicate();
          const row = id === null ? await repo.insertProduct(body) : await repo.updateProduct(id, body);
          if (!row) throw notFound();
          return { id: row.id, after: body, result: { ...productFields(row), brandName: brand.name } };
        },
      );
    },
    deleteProduct(actor: Actor, id: number) {
      return write(actor, 'loyalty.delete', 'loyalty_product', async (repo) => {
        if (!(await repo.findProduct(id))) throw notFound();
        if (await repo.productInUse(id)) throw inUse();
        await repo.deleteProduct(id);
        return { id, result: undefined };
      });
    },

    // Back office: CSV imports (one transaction; every refused row reported; natural keys updated)

    importStores(actor: Actor, csv: string) {
      return write(actor, 'loyalty.import', 'loyalty_store', async (repo) => {
        const result = await importStores(repo, csv);
        return { id: null, after: result, result };
      });
    },
    importProducts(actor: Actor, csv: string) {
      return write(actor, 'loyalty.import', 'loyalty_product', async (repo) => {
        const result = await importProducts(repo, csv);
        return { id: null, after: result, result };
      });
    },

    // Back office: levels

    levelsAdmin: (clientId: number) => levelsOf(clientId).then((items) => ({ items })),
    saveLevels(actor: Actor, input: unknown) {
      const { levels } = levelsBody.parse(input);
      const ok =
        levels[0]!.minXp === 0 &&
        levels.every(
          (l, i) => i === 0 || (l.minXp > levels[i - 1]!.minXp && l.multiplier >= levels[i - 1]!.multiplier),
        );
      if (!ok) throw new AppError('LOYALTY_LEVELS_INVALID', 422);
      return write(actor, 'loyalty.update', 'loyalty_level', async (repo) => {
        const rows: LevelRow[] = [];
        for (const [i, l] of levels.entries()) {
          rows.push(
            await repo.upsertLevel(i + 1, {
              name: l.name,
              minXp: l.minXp,
              multiplier: l.multiplier.toFixed(2),
            }),
          );
        }
        return { id: rows[0]!.id, after: levels, result: { items: rows.map(levelOf) } };
      });
    },

    // Back office: campaigns

    async adminCampaigns(
      clientId: number,
      q: string,
      status: CampaignStatus | undefined,
      page: number,
      pageSize: number,
    ) {
      const repo = repoOf(clientId);
      const now = deps.now();
      await repo.freezeStarted(now);
      const { rows, total } = await repo.adminCampaigns(q, status, now, page, pageSize);
      return {
        items: rows.map((r) => ({
          id: r.campaign.id,
          name: r.campaign.name,
          beginsAt: r.campaign.beginsAt.toISOString(),
          endsAt: r.campaign.endsAt.toISOString(),
          countryGroup: r.campaign.countryGroup as 1 | 2,
          status: campaignStatusAt(r.campaign, now),
          frozen: isFrozen(r.campaign, now),
          storeCount: Number(r.stores),
          productCount: Number(r.products),
          registrationCount: Number(r.registrations),
        })),
        total,
        page,
        pageSize,
      };
    },
    async adminCampaign(clientId: number, id: number) {
      const repo = repoOf(clientId);
      await repo.freezeStarted(deps.now());
      return adminCampaignOf(repo, await repo.campaign(id));
    },
    saveCampaign(actor: Actor, id: number | null, input: unknown) {
      const body = campaignBody.parse(input);
      const beginsAt = new Date(body.beginsAt);
      const endsAt = new Date(body.endsAt);
      if (endsAt <= beginsAt) {
        throw new AppError('VALIDATION_FAILED', 400, {
          details: { field: 'endsAt', problem: 'before begin' },
        });
      }
      const values = { name: body.name, beginsAt, endsAt, countryGroup: body.countryGroup };
      return write(
        actor,
        id === null ? 'loyalty.create' : 'loyalty.update',
        'loyalty_campaign',
        async (repo) => {
          await checkCampaignRefs(repo, body);
          let row: CampaignRow | undefined;
          if (id === null) {
            row = await repo.insertCampaign(values);
            await repo.setCampaignProducts(row.id, body.products);
          } else {
            const before = await repo.campaign(id);
            const now = deps.now();
            if (isFrozen(before, now)) {
              const points = await repo.campaignProducts(id);
              if (before.beginsAt.getTime() !== beginsAt.getTime() || !samePoints(points, body.products)) {
                throw new AppError('LOYALTY_CAMPAIGN_FROZEN', 409);
              }
            } else {
              await repo.setCampaignProducts(id, body.products);
            }
            row = await repo.updateCampaign(id, values);
            if (!row) throw notFound();
          }
          await repo.setCampaignStores(row.id, body.storeIds);
          return { id: row.id, after: body, result: await adminCampaignOf(repo, row) };
        },
      );
    },
    deleteCampaign(actor: Actor, id: number) {
      return write(actor, 'loyalty.delete', 'loyalty_campaign', async (repo) => {
        const campaign = await repo.campaign(id);
        if (isFrozen(campaign, deps.now())) throw new AppError('LOYALTY_CAMPAIGN_FROZEN', 409);
        if ((await repo.campaignInUse(id)) > 0) throw inUse();
        await repo.deleteCampaign(id);
        return { id, result: undefined };
      });
    },

    /** Sets the level a member holds from a date on (default now), recorded in their level history. */
    async setMemberLevel(actor: Actor, userId: number, levelId: number, from: Date = deps.now()) {
      const repo = repoOf(actor.clientId);
      const levels = await repo.levels();
      if (!levels.some((l) => l.id === levelId)) throw refInvalid();
      await write(actor, 'loyalty.update', 'loyalty_level', async () => {
        const before = await levelInForce(repo, actor.clientId, userId, from);
        await createLevelsRepo(db).changeLevel({
          clientId: actor.clientId,
          userId,
          fromLevelId: before?.id ?? null,
          levelId,
          campaignId: null,
          validFrom: from,
          reason: 'set',
        });
        return { id: levelId, after: { userId, levelId, from: from.toISOString() }, result: undefined };
      });
    },
  };
}

function productFields(row: {
  id: number;
  brandId: number;
  sku: string;
  name: string;
  productType: string;
  processor: string;
  processorGeneration: string;
  formFactor: string;
  active: boolean;
}) {
  return {
    id: row.id,
    brandId: row.brandId,
    sku: row.sku,
    name: row.name,
    productType: row.productType,
    processor: row.processor,
    processorGeneration: row.processorGeneration,
    formFactor: row.formFactor,
    active: row.active,
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
