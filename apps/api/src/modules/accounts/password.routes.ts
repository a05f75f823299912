import {
  checkLinkBody,
  checkLinkResponse,
  documentBody,
  maskedPhonesResponse,
  okResponse,
  recoverLinkResponse,
  recoverPasswordBody,
  renewLinkBody,
  sendRecoverCodeBody,
  sentCodeResponse,
  setPasswordBody,
  setPasswordResponse,
  validateRecoverCodeBody,
} from '@trilha/contracts/accounts';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import type { AccountsService } from './accounts.service';
import { localized } from './accounts.routes';
import { translateFieldErrors } from '../../lib/field-errors';
import { decodeUid } from './links';
import type { RateLimiter } from './rate-limit';
import type { RecoveryService } from './recovery.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
  502: errorBody,
};
const tags = ['accounts'];
const validated = {
  attachValidation: true,
  preHandler: translateFieldErrors,
  config: { access: 'public' },
} as const;

/**
 * Password links (set-password, recover-password) and the public recovery calls of spec section 7
 * (etraining_login: api_recover_password, get_phone_number_with_document, send_recover_password_code,
 * validate_recover_password_code), all JSON without authentication and rate-limited.
 */
export function registerPasswordRoutes(
  app: App,
  deps: CoreDeps,
  accounts: AccountsService,
  recovery: RecoveryService,
  limiter: RateLimiter,
) {
  const { config } = deps;
  const strength = async (host: string) => (await deps.services.site.forHost(host)).passwordStrength;

  app.post(
    '/api/accounts/password-links/check',
    {
      ...validated,
      schema: {
        tags,
        summary: 'Whether a set-password or recover-password link is still good',
        body: checkLinkBody,
        response: { 200: checkLinkResponse, ...errors },
      },
    },
    async (request) => {
      await limiter.hit([{ key: `links:addr:${request.ip}`, max: config.RECOVERY_MAX_PER_ADDRESS * 4 }]);
      const { purpose, ...parts } = request.body;
      const link = await accounts.checkLink(purpose, parts);
      return {
        username: link.username,
        firstName: link.firstName,
        purpose,
        passwordStrength: await strength(request.hostname),
      };
    },
  );

  app.post(
    '/api/accounts/password-links/set',
    {
      ...validated,
      schema: {
        tags,
        summary: 'Sets the password through a link (once); ends every session of the account',
        body: setPasswordBody,
        response: { 200: setPasswordResponse, ...errors },
      },
    },
    async (request) => {
      await limiter.hit([{ key: `links:addr:${request.ip}`, max: config.RECOVERY_MAX_PER_ADDRESS * 4 }]);
      const { purpose, password, passwordConfirmation, ...parts } = request.body;
      return localized(request, async () => {
        if (password !== passwordConfirmation) {
          throw new AppError('VALIDATION_FAILED', 400, {
            details: [{ path: 'passwordConfirmation', code: 'ACCOUNTS_PASSWORD_MISMATCH' }],
          });
        }
        return accounts.setPasswordWithLink(purpose, parts, password, await strength(request.hostname));
      });
    },
  );

  app.post(
    '/api/accounts/password-links/renew',
    {
      ...validated,
      schema: {
        tags,
        summary:
          'Sends a fresh link in place of an expired or used one (same answer whether or not it matched)',
        body: renewLinkBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const userId = decodeUid(request.body.uidb64);
      await limiter.hit([
        { key: `recover:addr:${request.ip}`, max: config.RECOVERY_MAX_PER_ADDRESS },
        { key: `recover:acct:uid:${userId ?? 0}`, max: config.RECOVERY_MAX_PER_ACCOUNT },
      ]);
      await recovery.renewLink(request.body.purpose, request.body.username, userId, request.lang);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/etraining_login/api_recover_password',
    {
      ...validated,
      schema: {
        tags,
        summary: 'request-password: a recover-password link by e-mail, found by e-mail, document or username',
        body: recoverPasswordBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const { method, identifier, country } = request.body;
      await recovery.requestLink(method, identifier, country, { ip: request.ip, lang: request.lang });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/etraining_login/get_phone_number_with_document',
    {
      ...validated,
      schema: {
        tags,
        summary: 'The masked phone numbers of the account of a document, and its code cooldown',
        body: documentBody,
        response: { 200: maskedPhonesResponse, ...errors },
      },
    },
    async (request) => recovery.phonesOf(request.body.document, request.body.country, request.ip),
  );

  app.post(
    '/api/etraining_login/send_recover_password_code',
    {
      ...validated,
      schema: {
        tags,
        summary:
          'Sends a recovery code by SMS or WhatsApp once the typed number matches (starts the cooldown)',
        body: sendRecoverCodeBody,
        response: { 200: sentCodeResponse, ...errors },
      },
    },
    async (request) => recovery.sendCode(request.body, { ip: request.ip, lang: request.lang }),
  );

  app.post(
    '/api/etraining_login/validate_recover_password_code',
    {
      ...validated,
      schema: {
        tags,
        summary: 'Checks a recovery code; answers the recover-password link to set the new password with',
        body: validateRecoverCodeBody,
        response: { 200: recoverLinkResponse, ...errors },
      },
    },
    async (request) => recovery.validateCode(request.body, request.ip),
  );
}
