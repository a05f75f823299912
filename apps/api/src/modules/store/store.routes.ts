import type { FastifyRequest } from 'fastify';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import { pageQuery } from '@trilha/contracts/profile';
import {
  adminItemPage,
  adminItemQuery,
  adminItemResponse,
  adminOrderQuery,
  category,
  categoryBody,
  categoryList,
  department,
  departmentBody,
  departmentList,
  itemBody,
  lowStockList,
  storeEditorOptions,
  redeemBody,
  reproveBody,
  shipBody,
  storeCatalog,
  storeIdParams,
  storeItemDetail,
  storeItemPage,
  storeListQuery,
  storeOrderPage,
  storeOrderResponse,
  voucherPool,
  voucherUploadBody,
} from '@trilha/contracts/store';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { mediaCache } from '../media/media';
import { storeImageKey } from './store-images';
import type { StoreService } from './store.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
const tags = ['store'];
const adminTags = ['admin: store'];

/**
 * The store's routes (docs/store.md): the learner's listing, details, redemption and orders (any member
 * of the selected client), and the back office's catalog and orders queue (`rewards.manage`).
 */
export function registerStoreRoutes(app: App, deps: CoreDeps, store: StoreService) {
  const { requireClient, requireCapability, idempotencyRequired } = deps.guards;
  const manage = requireCapability('rewards.manage');
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
    roles: request.tenant!.roles,
  });

  // Item photos stored by the platform (the demo's; an item may also name any image address): behind an
  // unguessable name, like badges' artwork, so no sign-in is needed to show one.
  deps.media.add({
    name: 'store',
    summary: "A store item's photo (WebP)",
    guards: [],
    resolve: async (_request, token) => {
      const key = storeImageKey(token);
      return key ? { key, mime: 'image/webp', cacheControl: mediaCache.publicImmutable } : undefined;
    },
  });

  // The learner's store

  app.get(
    '/api/store/items',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'The store: open items, filtered, sorted and paged, with the caller’s available points',
        querystring: storeListQuery,
        response: { 200: storeItemPage, ...errors },
      },
    },
    async (request) => store.listing(actor(request), request.query, request.lang),
  );

  app.get(
    '/api/store/catalog',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'The store’s departments and categories, named in the caller’s language',
        response: { 200: storeCatalog, ...errors },
      },
    },
    async (request) => store.catalog(request.tenant!.clientId, request.lang),
  );

  app.get(
    '/api/store/items/:id',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'An item and what the caller still needs to redeem it',
        params: storeIdParams,
        response: { 200: storeItemDetail, ...errors },
      },
    },
    async (request) => store.detail(actor(request), request.params.id, request.lang),
  );

  app.post(
    '/api/store/items/:id/redeem',
    {
      preHandler: [requireClient, idempotencyRequired],
      schema: {
        tags,
        summary: 'Redeems one unit: holds the points and reserves the stock (Idempotency-Key required)',
        params: storeIdParams,
        body: redeemBody,
        response: { 201: storeOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await store.redeem(
        actor(request),
        request.params.id,
        request.body,
        String(request.headers['idempotency-key']),
        request.lang,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/store/orders',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'The caller’s orders, newest first',
        querystring: pageQuery,
        response: { 200: storeOrderPage, ...errors },
      },
    },
    async (request) =>
      store.myOrders(actor(request), request.query.page, request.query.pageSize, request.lang),
  );

  app.get(
    '/api/store/orders/:id',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'One of the caller’s orders (a digital item’s code once approved)',
        params: storeIdParams,
        response: { 200: storeOrderResponse, ...errors },
      },
    },
    async (request) => store.myOrder(actor(request), request.params.id, request.lang),
  );

  // Back office: departments and categories

  app.get(
    '/api/admin/store/departments',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'The store’s departments',
        response: { 200: departmentList, ...errors },
      },
    },
    async (request) => store.departments(request.tenant!.clientId),
  );
  app.post(
    '/api/admin/store/departments',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Creates a department',
        body: departmentBody,
        response: { 200: department, ...errors },
      },
    },
    async (request) => store.saveDepartment(actor(request), null, request.body),
  );
  app.put(
    '/api/admin/store/departments/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Edits a department',
        params: storeIdParams,
        body: departmentBody,
        response: { 200: department, ...errors },
      },
    },
    async (request) => store.saveDepartment(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/store/departments/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Deletes a department no item uses',
        params: storeIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await store.deleteDepartment(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/store/categories',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'The store’s categories',
        response: { 200: categoryList, ...errors },
      },
    },
    async (request) => store.categories(request.tenant!.clientId),
  );
  app.post(
    '/api/admin/store/categories',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Creates a category (with its per-user maximum per period)',
        body: categoryBody,
        response: { 200: category, ...errors },
      },
    },
    async (request) => store.saveCategory(actor(request), null, request.body),
  );
  app.put(
    '/api/admin/store/categories/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Edits a category',
        params: storeIdParams,
        body: categoryBody,
        response: { 200: category, ...errors },
      },
    },
    async (request) => store.saveCategory(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/store/categories/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Deletes a category no item uses',
        params: storeIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await store.deleteCategory(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  // Back office: items and vouchers

  app.get(
    '/api/admin/store/items',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'The store’s items, newest first, with their voucher counts',
        querystring: adminItemQuery,
        response: { 200: adminItemPage, ...errors },
      },
    },
    async (request) =>
      store.adminItems(
        request.tenant!.clientId,
        request.query.q,
        request.query.page,
        request.query.pageSize,
        request.lang,
      ),
  );
  app.post(
    '/api/admin/store/items',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Creates an item',
        body: itemBody,
        response: { 200: adminItemResponse, ...errors },
      },
    },
    async (request) => ({ item: await store.saveItem(actor(request), null, request.body) }),
  );
  app.get(
    '/api/admin/store/items/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'An item as the back office edits it',
        params: storeIdParams,
        response: { 200: adminItemResponse, ...errors },
      },
    },
    async (request) => ({ item: await store.adminItem(request.tenant!.clientId, request.params.id) }),
  );
  app.put(
    '/api/admin/store/items/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Edits an item (its kind stays)',
        params: storeIdParams,
        body: itemBody,
        response: { 200: adminItemResponse, ...errors },
      },
    },
    async (request) => ({ item: await store.saveItem(actor(request), request.params.id, request.body) }),
  );
  app.get(
    '/api/admin/store/options',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "What the item editor offers: the loyalty program's levels and the client's areas",
        response: { 200: storeEditorOptions, ...errors },
      },
    },
    async (request) => store.editorOptions(request.tenant!.clientId),
  );
  app.get(
    '/api/admin/store/low-stock',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Active items and variants at or under their low-stock threshold, fewest units first',
        response: { 200: lowStockList, ...errors },
      },
    },
    async (request) => store.lowStock(request.tenant!.clientId, request.lang),
  );
  app.post(
    '/api/admin/store/items/:id/vouchers',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Adds voucher codes to a digital item (stored sealed; answers counts, never codes)',
        params: storeIdParams,
        body: voucherUploadBody,
        response: { 200: voucherPool, ...errors },
      },
    },
    async (request) => store.uploadVouchers(actor(request), request.params.id, request.body.codes),
  );

  // Back office: orders

  app.get(
    '/api/admin/store/orders',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'The orders queue, newest first, filtered by status, user or item',
        querystring: adminOrderQuery,
        response: { 200: storeOrderPage, ...errors },
      },
    },
    async (request) => store.adminOrders(request.tenant!.clientId, request.query, request.lang),
  );
  app.post(
    '/api/admin/store/orders/:id/approve',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Approves an order awaiting approval (commits the held points)',
        params: storeIdParams,
        response: { 200: storeOrderResponse, ...errors },
      },
    },
    async (request) => ({ order: await store.approve(actor(request), request.params.id, request.lang) }),
  );
  app.post(
    '/api/admin/store/orders/:id/reprove',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Reproves an order awaiting approval (releases the points and the unit)',
        params: storeIdParams,
        body: reproveBody,
        response: { 200: storeOrderResponse, ...errors },
      },
    },
    async (request) => ({
      order: await store.reprove(actor(request), request.params.id, request.body.reason, request.lang),
    }),
  );
  app.post(
    '/api/admin/store/orders/:id/ship',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Ships an approved physical order (carrier and tracking code)',
        params: storeIdParams,
        body: shipBody,
        response: { 200: storeOrderResponse, ...errors },
      },
    },
    async (request) => ({
      order: await store.ship(
        actor(request),
        request.params.id,
        request.body.carrier,
        request.body.trackingCode,
        request.lang,
      ),
    }),
  );
  app.post(
    '/api/admin/store/orders/:id/deliver',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Marks an order delivered (a shipped physical one, an approved digital one)',
        params: storeIdParams,
        response: { 200: storeOrderResponse, ...errors },
      },
    },
    async (request) => ({ order: await store.deliver(actor(request), request.params.id, request.lang) }),
  );
}
