import {
  storedDocument,
  type MaskedPhonesResponse,
  type PasswordLinkParams,
} from '@trilha/contracts/accounts';
import { normalizePhone } from '@trilha/contracts/profile';
import type { LanguageCode } from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AccountsService, CodeChannel, IssuedCode } from './accounts.service';
import { createAccountsRepo } from './accounts.repo';
import { maskPhone } from './links';
import type { RateLimiter } from './rate-limit';

export interface RecoveryDeps {
  db: Db;
  accounts: AccountsService;
  limiter: RateLimiter;
  maxPerAddress: number;
  maxPerAccount: number;
}

/**
 * Password recovery of the request-password screen: a link by e-mail found by e-mail, document or
 * username, or a code by SMS/WhatsApp found by document. Every step counts against limits per address
 * and per account.
 */
export function createRecoveryService(deps: RecoveryDeps) {
  const repo = createAccountsRepo(deps.db);

  const limit = (ip: string, account: string) =>
    deps.limiter.hit([
      { key: `recover:addr:${ip}`, max: deps.maxPerAddress },
      { key: `recover:acct:${account.trim().toLowerCase()}`, max: deps.maxPerAccount },
    ]);

  async function byDocument(document: string) {
    return repo.userByDocument(storedDocument(document));
  }

  return {
    /**
     * Sends a recover-password link to the account's e-mail. Answers the same whether an account matched
     * or not, so the screen does not reveal who is registered.
     */
    async requestLink(
      method: 'email' | 'document' | 'username',
      identifier: string,
      country: string,
      meta: { ip: string; lang: LanguageCode },
    ): Promise<void> {
      const key = method === 'document' ? storedDocument(identifier) : identifier;
      await limit(meta.ip, `${method}:${key}`);
      const text = identifier.trim().toLowerCase();
      const user =
        method === 'document'
          ? await byDocument(identifier)
          : method === 'email'
            ? await repo.userByEmail(text)
            : await repo.userByUsername(text);
      if (!user?.email || user.status === 'blocked') return;
      await deps.accounts.sendRecoverPasswordLink(user.id, meta.lang);
    },

    /**
     * A fresh link in place of an expired or used one, to the account the old link named (user id and
     * username must agree), at its own e-mail. Silent when they do not.
     */
    async renewLink(purpose: 'set' | 'recover', username: string, userId: number | null, lang: LanguageCode) {
      if (!userId) return;
      const user = await repo.userById(userId);
      if (!user?.email || user.status === 'blocked') return;
      if (user.username.toLowerCase() !== username.trim().toLowerCase()) return;
      if (purpose === 'set') await deps.accounts.sendSetPasswordLink(user.id, lang);
      else await deps.accounts.sendRecoverPasswordLink(user.id, lang);
    },

    /** The masked phones of the account of a document (get_phone_number_with_document). */
    async phonesOf(document: string, country: string, ip: string): Promise<MaskedPhonesResponse> {
      await limit(ip, `document:${storedDocument(document)}`);
      const user = await byDocument(document);
      if (!user?.phone || user.status === 'blocked') throw new AppError('ACCOUNTS_NO_PHONE', 400);
      return {
        phones: [{ masked: maskPhone(user.phone), channels: ['sms', 'whatsapp'] }],
        cooldown: await deps.accounts.phoneCooldown(user.id),
      };
    },

    /** Sends the recovery code once the whole number matches the registered one (send_recover_password_code). */
    async sendCode(
      input: { document: string; country: string; phone: string; channel: CodeChannel },
      meta: { ip: string; lang: LanguageCode },
    ): Promise<IssuedCode> {
      await limit(meta.ip, `document:${storedDocument(input.document)}`);
      const user = await byDocument(input.document);
      if (!user?.phone || user.status === 'blocked') throw new AppError('ACCOUNTS_NO_PHONE', 400);
      let typed: string | null;
      try {
        typed = normalizePhone(input.phone, input.country);
      } catch {
        typed = null;
      }
      if (typed !== user.phone) throw new AppError('ACCOUNTS_PHONE_MISMATCH', 400);
      return deps.accounts.issueCode(user.id, 'recover', input.channel, meta.lang);
    },

    /** Checks the code (validate_recover_password_code) and answers the recover-password link to finish with. */
    async validateCode(
      input: { document: string; country: string; code: string },
      ip: string,
    ): Promise<PasswordLinkParams> {
      await limit(ip, `document:${storedDocument(input.document)}`);
      const user = await byDocument(input.document);
      if (!user || user.status === 'blocked') throw new AppError('ACCOUNTS_CODE_INVALID', 400);
      const { link } = await deps.accounts.verifyCode(user.id, 'recover', input.code);
      if (!link) throw new AppError('ACCOUNTS_CODE_INVALID', 400);
      return link;
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
