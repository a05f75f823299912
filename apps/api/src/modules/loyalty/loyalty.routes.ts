import type { FastifyRequest } from 'fastify';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import {
  adminCampaign,
  adminCampaignPage,
  adminCampaignQuery,
  adminListQuery,
  adminStore,
  adminStorePage,
  brand,
  brandBody,
  brandPage,
  campaignBody,
  campaignList,
  country,
  countryBody,
  countryPage,
  csvImportBody,
  importResult,
  levelList,
  levelsBody,
  loyaltyIdParams,
  pointsTable,
  pointsTableQuery,
  product,
  productBody,
  productPage,
  registerBody,
  registration,
  retailer,
  retailerBody,
  retailerPage,
  storeBody,
  storeOptionPage,
  storeOptionQuery,
} from '@trilha/contracts/loyalty';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { Actor, LoyaltyService } from './loyalty.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
const tags = ['loyalty'];
const adminTags = ['admin: loyalty'];

/**
 * The loyalty program's routes (docs/loyalty.md): the learner's campaigns, registration, stores, points
 * table and levels (any member of the selected client), and the back office's structure, levels and
 * campaigns (`campaigns.manage`).
 */
export function registerLoyaltyRoutes(app: App, deps: CoreDeps, loyalty: LoyaltyService) {
  const { requireClient, requireCapability } = deps.guards;
  const manage = requireCapability('campaigns.manage');
  const actor = (request: FastifyRequest): Actor => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  // The learner

  app.get(
    '/api/loyalty/campaigns',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Active and previous campaigns, with my registration and my points and XP in each',
        response: { 200: campaignList, ...errors },
      },
    },
    async (request) => loyalty.campaigns(actor(request)),
  );

  app.post(
    '/api/loyalty/campaigns/:id/registrations',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Signs me up to an active campaign at one of its stores',
        params: loyaltyIdParams,
        body: registerBody,
        response: { 201: registration, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await loyalty.register(actor(request), request.params.id, request.body)),
  );

  app.get(
    '/api/loyalty/stores',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'The stores of a campaign I may pick, searchable and paged',
        querystring: storeOptionQuery,
        response: { 200: storeOptionPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return loyalty.campaignStores(actor(request), q.campaign, q.q, q.page, q.pageSize);
    },
  );

  app.get(
    '/api/loyalty/points-table',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: "A campaign's products with their points and what they earn at my level's multiplier",
        querystring: pointsTableQuery,
        response: { 200: pointsTable, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return loyalty.pointsTable(actor(request), q.campaign, q.q, q.page, q.pageSize);
    },
  );

  app.get(
    '/api/loyalty/levels',
    {
      preHandler: requireClient,
      schema: { tags, summary: "The program's levels", response: { 200: levelList, ...errors } },
    },
    async (request) => loyalty.levels(request.tenant!.clientId),
  );

  // Back office: the structure (paged lists with search, create, edit, delete)

  app.get(
    '/api/admin/loyalty/countries',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "The program's countries, searchable and paged",
        querystring: adminListQuery,
        response: { 200: countryPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return loyalty.countries(request.tenant!.clientId, q.q, q.page, q.pageSize);
    },
  );
  app.post(
    '/api/admin/loyalty/countries',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Creates one of the program's countries",
        body: countryBody,
        response: { 200: country, ...errors },
      },
    },
    async (request) => loyalty.saveCountry(actor(request), null, request.body),
  );
  app.put(
    '/api/admin/loyalty/countries/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Edits one of the program's countries",
        params: loyaltyIdParams,
        body: countryBody,
        response: { 200: country, ...errors },
      },
    },
    async (request) => loyalty.saveCountry(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/loyalty/countries/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Deletes one of the program's countries that nothing uses",
        params: loyaltyIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await loyalty.deleteCountry(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/loyalty/retailers',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "The program's retail chains, searchable and paged",
        querystring: adminListQuery,
        response: { 200: retailerPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return loyalty.retailers(request.tenant!.clientId, q.q, q.page, q.pageSize);
    },
  );
  app.post(
    '/api/admin/loyalty/retailers',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Creates one of the program's retail chains",
        body: retailerBody,
        response: { 200: retailer, ...errors },
      },
    },
    async (request) => loyalty.saveRetailer(actor(request), null, request.body),
  );
  app.put(
    '/api/admin/loyalty/retailers/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Edits one of the program's retail chains",
        params: loyaltyIdParams,
        body: retailerBody,
        response: { 200: retailer, ...errors },
      },
    },
    async (request) => loyalty.saveRetailer(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/loyalty/retailers/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Deletes one of the program's retail chains that nothing uses",
        params: loyaltyIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await loyalty.deleteRetailer(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/loyalty/stores',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "The program's stores, searchable and paged",
        querystring: adminListQuery,
        response: { 200: adminStorePage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return loyalty.stores(request.tenant!.clientId, q.q, q.page, q.pageSize);
    },
  );
  app.post(
    '/api/admin/loyalty/stores',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Creates one of the program's stores",
        body: storeBody,
        response: { 200: adminStore, ...errors },
      },
    },
    async (request) => loyalty.saveStore(actor(request), null, request.body),
  );
  app.put(
    '/api/admin/loyalty/stores/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Edits one of the program's stores",
        params: loyaltyIdParams,
        body: storeBody,
        response: { 200: adminStore, ...errors },
      },
    },
    async (request) => loyalty.saveStore(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/loyalty/stores/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Deletes one of the program's stores that nothing uses",
        params: loyaltyIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await loyalty.deleteStore(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/loyalty/brands',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "The program's brands, searchable and paged",
        querystring: adminListQuery,
        response: { 200: brandPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return loyalty.brands(request.tenant!.clientId, q.q, q.page, q.pageSize);
    },
  );
  app.post(
    '/api/admin/loyalty/brands',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Creates one of the program's brands",
        body: brandBody,
        response: { 200: brand, ...errors },
      },
    },
    async (request) => loyalty.saveBrand(actor(request), null, request.body),
  );
  app.put(
    '/api/admin/loyalty/brands/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Edits one of the program's brands",
        params: loyaltyIdParams,
        body: brandBody,
        response: { 200: brand, ...errors },
      },
    },
    async (request) => loyalty.saveBrand(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/loyalty/brands/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Deletes one of the program's brands that nothing uses",
        params: loyaltyIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await loyalty.deleteBrand(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/loyalty/products',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "The program's products, searchable and paged",
        querystring: adminListQuery,
        response: { 200: productPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return loyalty.products(request.tenant!.clientId, q.q, q.page, q.pageSize);
    },
  );
  app.post(
    '/api/admin/loyalty/products',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Creates one of the program's products",
        body: productBody,
        response: { 200: product, ...errors },
      },
    },
    async (request) => loyalty.saveProduct(actor(request), null, request.body),
  );
  app.put(
    '/api/admin/loyalty/products/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Edits one of the program's products",
        params: loyaltyIdParams,
        body: productBody,
        response: { 200: product, ...errors },
      },
    },
    async (request) => loyalty.saveProduct(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/loyalty/products/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "Deletes one of the program's products that nothing uses",
        params: loyaltyIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await loyalty.deleteProduct(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  // Back office: CSV imports

  app.post(
    '/api/admin/loyalty/stores/import',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary:
          'Imports stores from CSV (code, name, city, retailer, country, time_zone, phones_and_cameras_allowed, active): all or nothing, by store code',
        body: csvImportBody,
        response: { 200: importResult, ...errors },
      },
    },
    async (request) => loyalty.importStores(actor(request), request.body.csv),
  );
  app.post(
    '/api/admin/loyalty/products/import',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary:
          'Imports products from CSV (sku, name, brand, product_type, processor, processor_generation, form_factor, active): all or nothing, by SKU',
        body: csvImportBody,
        response: { 200: importResult, ...errors },
      },
    },
    async (request) => loyalty.importProducts(actor(request), request.body.csv),
  );

  // Back office: levels

  app.get(
    '/api/admin/loyalty/levels',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: "The program's three levels",
        response: { 200: levelList, ...errors },
      },
    },
    async (request) => loyalty.levelsAdmin(request.tenant!.clientId),
  );
  app.put(
    '/api/admin/loyalty/levels',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Sets the three levels: names, minimum XP (0 first, rising) and multipliers (never falling)',
        body: levelsBody,
        response: { 200: levelList, ...errors },
      },
    },
    async (request) => loyalty.saveLevels(actor(request), request.body),
  );

  // Back office: campaigns

  app.get(
    '/api/admin/loyalty/campaigns',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Campaigns, searchable, by status, paged',
        querystring: adminCampaignQuery,
        response: { 200: adminCampaignPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return loyalty.adminCampaigns(request.tenant!.clientId, q.q, q.status, q.page, q.pageSize);
    },
  );
  app.get(
    '/api/admin/loyalty/campaigns/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'A campaign with its stores and product points',
        params: loyaltyIdParams,
        response: { 200: adminCampaign, ...errors },
      },
    },
    async (request) => loyalty.adminCampaign(request.tenant!.clientId, request.params.id),
  );
  app.post(
    '/api/admin/loyalty/campaigns',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Creates a campaign with its stores and product points',
        body: campaignBody,
        response: { 200: adminCampaign, ...errors },
      },
    },
    async (request) => loyalty.saveCampaign(actor(request), null, request.body),
  );
  app.put(
    '/api/admin/loyalty/campaigns/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Edits a campaign (once started, its begin date and product points stay as they are)',
        params: loyaltyIdParams,
        body: campaignBody,
        response: { 200: adminCampaign, ...errors },
      },
    },
    async (request) => loyalty.saveCampaign(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/loyalty/campaigns/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Deletes a campaign that has not started and has no registration',
        params: loyaltyIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await loyalty.deleteCampaign(actor(request), request.params.id);
      return { ok: true as const };
    },
  );
}
