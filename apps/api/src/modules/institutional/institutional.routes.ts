import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serialIdParam } from '@trilha/contracts/primitives';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import {
  adminPageParams,
  cookieConsentBody,
  cookieConsentResponse,
  institutionalPage,
  institutionalPageBody,
  institutionalPageParams,
  institutionalPageQuery,
  supportTicketBody,
  supportTicketCreated,
  supportTicketsPage,
  supportTicketsQuery,
  ticketStatusBody,
} from '@trilha/contracts/institutional';
import { can } from '@trilha/contracts/permissions';
import { languageCode } from '@trilha/contracts/session';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { translateFieldErrors } from '../../lib/field-errors';
import type { InstitutionalService } from './institutional.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['institutional'];

export function registerInstitutionalRoutes(app: App, deps: CoreDeps, service: InstitutionalService) {
  const { requireAuth, requireClient, requireCapability } = deps.guards;
  const { site } = deps.services;

  app.get(
    '/api/institutional/pages/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A public institutional page of the site, in a language',
        params: institutionalPageParams,
        querystring: institutionalPageQuery,
        response: { 200: institutionalPage, ...errors },
      },
    },
    async (request) => {
      const config = await site.forHost(request.hostname);
      return service.resolvePage({
        siteId: config.siteId,
        slug: request.params.slug,
        language: request.query.lang ?? request.lang,
        fallbackLanguage: config.defaultLanguage,
      });
    },
  );

  app.get(
    '/api/institutional/client-pages/:slug',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: "An institutional page of the selected client (the site's text when the client has none)",
        params: institutionalPageParams,
        querystring: institutionalPageQuery,
        response: { 200: institutionalPage, ...errors },
      },
    },
    async (request) => {
      const clientId = request.tenant!.clientId;
      const siteId = await service.siteOfClient(clientId);
      const config = await site.forHost(request.hostname);
      return service.resolvePage({
        siteId,
        clientId,
        slug: request.params.slug,
        language: request.query.lang ?? request.lang,
        fallbackLanguage: config.defaultLanguage,
      });
    },
  );

  app.put(
    '/api/institutional/cookie-consent',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Records the signed-in user's cookie policy choice",
        body: cookieConsentBody,
        response: { 200: cookieConsentResponse, ...errors },
      },
    },
    async (request) => service.setCookieConsent(request.auth!.userId, request.body.accepted),
  );

  /** Signed-in callers are recognised (ticket linked to them and their client); visitors may write too. */
  const optionalClient = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization?.startsWith('Bearer ')) return;
    try {
      await requireClient(request, reply);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'CLIENT_NOT_AVAILABLE') throw error;
    }
  };

  app.post(
    '/api/institutional/support-tickets',
    {
      preHandler: [optionalClient, translateFieldErrors],
      attachValidation: true,
      config: { access: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Sends a support or contact message; a confirmation e-mail gives the response time',
        body: supportTicketBody,
        response: { 201: supportTicketCreated, ...errors },
      },
    },
    async (request, reply) => {
      const clientId = request.tenant?.clientId ?? null;
      const siteId = clientId
        ? await service.siteOfClient(clientId)
        : (await site.forHost(request.hostname)).siteId;
      const created = await service.createTicket(request.body, {
        siteId,
        clientId,
        userId: request.auth?.userId ?? null,
        language: request.lang,
        ip: request.ip,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/admin/support/tickets',
    {
      preHandler: requireCapability('communications.manage'),
      schema: {
        tags: ['admin: support'],
        summary: 'Support tickets of the selected client (and public ones of its site)',
        querystring: supportTicketsQuery,
        response: { 200: supportTicketsPage, ...errors },
      },
    },
    async (request) => service.listTickets(request.tenant!, request.query),
  );

  app.put(
    '/api/admin/support/tickets/:id/status',
    {
      preHandler: requireCapability('communications.manage'),
      schema: {
        tags: ['admin: support'],
        summary: "Moves a ticket's status",
        params: z.object({ id: serialIdParam() }),
        body: ticketStatusBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await service.setTicketStatus(
        request.tenant!,
        request.auth!.userId,
        request.params.id,
        request.body.status,
      );
      return { ok: true as const };
    },
  );

  /** Client pages: `pages.manage` in the client; the site's public pages: `site-pages.manage` too. */
  const siteScope = async (request: FastifyRequest) => {
    const { scope } = request.params as { scope?: string };
    if (scope === 'site' && !can(request.tenant!, 'site-pages.manage')) throw new AppError('FORBIDDEN', 403);
  };
  const pageScopeGuard = [requireCapability('pages.manage'), siteScope];
  const scopeId = async (request: FastifyRequest, scope: 'client' | 'site') =>
    scope === 'client' ? request.tenant!.clientId : service.siteOfClient(request.tenant!.clientId);

  app.get(
    '/api/admin/institutional/pages/:scope',
    {
      preHandler: pageScopeGuard,
      schema: {
        tags: ['admin: institutional'],
        summary: 'The institutional pages written for the selected client (or its site)',
        params: z.object({ scope: z.enum(['client', 'site']) }),
        response: {
          200: z.array(
            z.object({
              slug: z.string(),
              language: languageCode.or(z.string()),
              title: z.string(),
              updatedAt: z.string(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => service.listPages(request.params.scope, await scopeId(request, request.params.scope)),
  );

  app.get(
    '/api/admin/institutional/pages/:scope/:slug/:lang',
    {
      preHandler: pageScopeGuard,
      schema: {
        tags: ['admin: institutional'],
        summary: 'One page as stored (empty when not written yet)',
        params: adminPageParams,
        response: { 200: institutionalPage, ...errors },
      },
    },
    async (request) => {
      const { scope, slug, lang } = request.params;
      const row = await service.find(scope, await scopeId(request, scope), slug, lang);
      return row
        ? {
            slug,
            language: lang,
            title: row.title,
            body: row.body,
            updatedAt: row.updatedAt.toISOString(),
            source: scope,
          }
        : { slug, language: lang, title: '', body: '', updatedAt: null, source: 'default' as const };
    },
  );

  app.put(
    '/api/admin/institutional/pages/:scope/:slug/:lang',
    {
      preHandler: [...pageScopeGuard, translateFieldErrors],
      attachValidation: true,
      schema: {
        tags: ['admin: institutional'],
        summary: 'Writes a page (Markdown)',
        params: adminPageParams,
        body: institutionalPageBody,
        response: { 200: institutionalPage, ...errors },
      },
    },
    async (request) => {
      const { scope, slug, lang } = request.params;
      return service.savePage(
        scope,
        await scopeId(request, scope),
        slug,
        lang,
        request.body,
        request.auth!.userId,
      );
    },
  );
}
