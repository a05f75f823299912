import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  affiliationOptions,
  completeRegisterState,
  firstAccessBody,
  registerResponse,
  registrationVariant,
  sentToResponse,
} from '@trilha/contracts/accounts';
import { pendingStepsResponse } from '@trilha/contracts/pending-steps';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { localize, translateFieldErrors } from '../../lib/field-errors';
import type { RateLimiter } from './rate-limit';
import type { RegistrationService } from './registration.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
const tags = ['accounts'];

/** Runs a service call so that field errors it raises come back in the caller's language. */
export async function localized<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw localize(err, request.lang);
  }
}

const variantParams = z.object({ variant: z.string().min(1).max(64) });

/** Registration entries, first access, and what a signed-in user still has to complete. */
export function registerAccountsRoutes(
  app: App,
  deps: CoreDeps,
  registration: RegistrationService,
  limiter: RateLimiter,
) {
  const { requireAuth, requireClient } = deps.guards;
  const { config } = deps;
  const perAddress = (request: FastifyRequest, what: string) =>
    limiter.hit([{ key: `${what}:addr:${request.ip}`, max: config.RECOVERY_MAX_PER_ADDRESS }]);

  app.get(
    '/api/accounts/registration/:variant',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A registration entry of this site: fields, profiles, terms, countries (public)',
        params: variantParams,
        response: { 200: registrationVariant, ...errors },
      },
    },
    async (request) => registration.variant(request.hostname, request.params.variant),
  );

  app.get(
    '/api/accounts/registration/:variant/affiliations',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Companies/agencies with their brands, retail chains with their stores (public)',
        params: variantParams,
        response: { 200: affiliationOptions, ...errors },
      },
    },
    async (request) => registration.affiliations(request.hostname, request.params.variant),
  );

  app.post(
    '/api/accounts/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Registers an account through an entry; e-mails a set-password link or the received notice',
        description:
          'The body is checked against the entry: the fields it asks, the CPF rule, uniqueness of document and e-mail, a profile it offers, terms, age 18+, and company/brand/store when it asks them.',
        body: z.record(z.string(), z.unknown()),
        response: { 201: registerResponse, ...errors },
      },
    },
    async (request, reply) => {
      await perAddress(request, 'register');
      const result = await localized(request, () =>
        registration.register(request.hostname, request.body, request.lang),
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/accounts/first-access',
    {
      config: { access: 'public' },
      attachValidation: true,
      preHandler: translateFieldErrors,
      schema: {
        tags,
        summary: 'First access: a pre-registered account (by document or e-mail) gets a set-password link',
        body: firstAccessBody,
        response: { 200: sentToResponse, ...errors },
      },
    },
    async (request) => {
      await limiter.hit([
        { key: `first-access:addr:${request.ip}`, max: config.RECOVERY_MAX_PER_ADDRESS },
        {
          key: `first-access:acct:${request.body.identifier.toLowerCase()}`,
          max: config.RECOVERY_MAX_PER_ACCOUNT,
        },
      ]);
      return registration.firstAccess(request.body.identifier, request.lang);
    },
  );

  app.get(
    '/api/accounts/me/pending-steps',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'What the user must do before the app opens: change password, complete register, onboarding',
        response: { 200: pendingStepsResponse, 401: errorBody },
      },
    },
    async (request) => registration.pendingSteps(request.auth!.userId),
  );

  app.get(
    '/api/accounts/me/complete-register',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The values complete-register shows and the fields it still needs',
        response: { 200: completeRegisterState, 401: errorBody },
      },
    },
    async (request) => registration.completeRegisterState(request.auth!.userId),
  );

  app.get(
    '/api/accounts/me/affiliations',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Companies, brands, chains and stores of the selected client (complete-register)',
        response: { 200: affiliationOptions, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => registration.affiliationOptions(request.tenant!.clientId),
  );

  app.put(
    '/api/accounts/me/complete-register',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Saves the missing registration data',
        body: z.record(z.string(), z.unknown()),
        response: { 200: pendingStepsResponse, ...errors },
      },
    },
    async (request) =>
      localized(request, () => registration.completeRegister(request.auth!.userId, request.body)),
  );

  app.post(
    '/api/accounts/me/onboarding/complete',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Marks the onboarding of the selected client as seen',
        response: { 200: okResponse, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      await registration.completeOnboarding(request.auth!.userId, request.tenant!.clientId);
      return { ok: true as const };
    },
  );
}
