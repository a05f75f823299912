import { randomInt } from 'node:crypto';
import type { LanguageCode } from '@trilha/contracts/session';
import type { PasswordStrength } from '@trilha/contracts/site';
import { checkPassword } from '@trilha/domain/password';
import { cooldownRemainingSeconds } from '@trilha/domain/cooldown';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import { hashPassword, type AuthService } from '../auth/auth.service';
import type { SessionService } from '../session/session.service';
import type { MessagingService } from '../messaging/messaging.service';
import { audit } from '../audit/audit';
import { createAccountsRepo } from './accounts.repo';
import type { NotificationService } from '../notifications/notifications.service';
import {
  decodeUid,
  maskEmail,
  maskPhone,
  tokenHash,
  type LinkPurpose,
  type LinkSigner,
  type PasswordLinkParts,
} from './links';

export type CodePurpose = 'recover' | 'phone_verify';
export type CodeChannel = 'sms' | 'whatsapp';

export interface PhoneCooldown {
  /** ISO 8601 time the running cooldown started, or null. */
  startedAt: string | null;
  durationSeconds: number;
}

export interface IssuedCode {
  /** The masked phone number the code went to. */
  sentTo: string;
  channel: CodeChannel;
  expiresInSeconds: number;
  cooldown: PhoneCooldown;
}

export interface CheckedLink {
  userId: number;
  username: string;
  firstName: string;
  purpose: LinkPurpose;
}

/**
 * Accounts (feature 'accounts'): password links, short codes by SMS/WhatsApp, approval, and the
 * registration, recovery and sign-in flows built on them (routes in accounts.routes.ts).
 */
export interface AccountsService {
  /**
   * E-mails the user a signed `set-password/{username}/{uidb64}/{token}` link (valid PASSWORD_LINK_TTL_HOURS,
   * once). Throws ACCOUNTS_FIELD_REQUIRED (400) when the user has no e-mail, MESSAGE_NOT_SENT (502) when
   * delivery fails. Answers the masked address it went to.
   */
  sendSetPasswordLink(userId: number, lang?: LanguageCode, clientId?: number): Promise<{ sentTo: string }>;
  /** The same with a `recover-password/…` link (password recovery by e-mail). */
  sendRecoverPasswordLink(userId: number, lang?: LanguageCode): Promise<{ sentTo: string }>;
  /** The path of a fresh link (`/set-password/u/uid/token`), without sending it (admin tools, tests). */
  passwordLinkPath(userId: number, purpose: LinkPurpose): Promise<string>;
  /**
   * Sends a 6-digit code to the user's phone by SMS or WhatsApp and starts the phone cooldown
   * (users.phone_cooldown_started_at, PHONE_COOLDOWN_SECONDS). Earlier codes of the purpose stop working.
   * Throws ACCOUNTS_NO_PHONE (400) without a phone, ACCOUNTS_PHONE_COOLDOWN (429, params.seconds,
   * details.cooldown) while the cooldown runs, ACCOUNTS_CODE_NOT_SENT (502) when delivery fails (the
   * cooldown is then given back).
   */
  issueCode(
    userId: number,
    purpose: CodePurpose,
    channel: CodeChannel,
    lang?: LanguageCode,
  ): Promise<IssuedCode>;
  /**
   * Checks the latest code of the purpose: ACCOUNTS_CODE_INVALID (400) when wrong or none,
   * ACCOUNTS_CODE_EXPIRED (400), ACCOUNTS_CODE_TOO_MANY_ATTEMPTS (429) after CODE_MAX_ATTEMPTS wrong tries.
   * A right code is spent. 'phone_verify' marks the phone verified; 'recover' answers a recover-password
   * link to finish with.
   */
  verifyCode(
    userId: number,
    purpose: CodePurpose,
    code: string,
  ): Promise<{ verified: true; link?: PasswordLinkParts }>;
  /**
   * Moves an account from awaiting_approval to active (audit row) and e-mails the user: a set-password
   * link when the account has no password yet, else the approval notice. Throws
   * ADMIN_NOT_AWAITING_APPROVAL (409) for any other status.
   */
  approve(userId: number, actorId?: number, clientId?: number): Promise<void>;
  /** Checks a password link: ACCOUNTS_LINK_INVALID, ACCOUNTS_LINK_EXPIRED or ACCOUNTS_LINK_USED (all 400). */
  checkLink(purpose: LinkPurpose, parts: PasswordLinkParts): Promise<CheckedLink>;
  /**
   * Sets the password through a link (checked as above and against the site's strength level), spends the
   * link, clears must-change-password and ends every session of the user.
   */
  setPasswordWithLink(
    purpose: LinkPurpose,
    parts: PasswordLinkParts,
    password: string,
    level: PasswordStrength,
  ): Promise<{ username: string }>;
  /** The cooldown state of the user's phone. */
  phoneCooldown(userId: number): Promise<PhoneCooldown>;
}

export interface AccountsDeps {
  db: Db;
  auth: AuthService;
  sessions: SessionService;
  messaging: MessagingService;
  notifications: NotificationService;
  signer: LinkSigner;
  publicUrl: string;
  linkTtlHours: number;
  codeTtlSeconds: number;
  codeMaxAttempts: number;
  phoneCooldownSeconds: number;
}

export function createAccountsService(deps: AccountsDeps): AccountsService {
  const { db, signer } = deps;
  const repo = createAccountsRepo(db);
  const linkTtlSeconds = Math.round(deps.linkTtlHours * 3600);

  async function userOf(userId: number) {
    const row = await repo.userWithLanguage(userId);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return { ...row.user, lang: row.lang as LanguageCode };
  }

  const nameOf = (u: { firstName: string; lastName: string; username: string }) => u.firstName || u.username;

  function linkUrl(purpose: LinkPurpose, parts: PasswordLinkParts) {
    const base = deps.publicUrl.replace(/\/+$/, '');
    return `${base}/${purpose}-password/${encodeURIComponent(parts.username)}/${parts.uidb64}/${parts.token}`;
  }

  /** `clientId`: the client the link is sent for (a back office's), which files it in that client's outbox. */
  async function sendLink(userId: number, purpose: LinkPurpose, lang?: LanguageCode, clientId?: number) {
    const user = await userOf(userId);
    if (!user.email) throw new AppError('ACCOUNTS_FIELD_REQUIRED', 400, { details: [{ path: 'email' }] });
    const parts = signer.make(user, purpose);
    await deps.messaging.send({
      channel: 'email',
      to: user.email,
      template: purpose === 'set' ? 'set_password' : 'recover_password',
      params: { name: nameOf(user), link: linkUrl(purpose, parts), hours: deps.linkTtlHours },
      lang: lang ?? user.lang,
      userId,
      ...(clientId !== undefined ? { clientId } : {}),
    });
    return { sentTo: maskEmail(user.email) };
  }

  const cooldownOf = (startedAt: Date | null): PhoneCooldown => ({
    startedAt: startedAt ? startedAt.toISOString() : null,
    durationSeconds: deps.phoneCooldownSeconds,
  });

  async function checkLink(purpose: LinkPurpose, parts: PasswordLinkParts): Promise<CheckedLink> {
    const invalid = () => new AppError('ACCOUNTS_LINK_INVALID', 400);
    const userId = decodeUid(parts.uidb64);
    if (!userId) throw invalid();
    const user = await repo.userById(userId);
    if (!user || user.username.toLowerCase() !== parts.username.trim().toLowerCase()) throw invalid();
    if (await repo.passwordLinkUsedAt(tokenHash(parts.token))) throw new AppError('ACCOUNTS_LINK_USED', 400);
    const { valid, issuedAt } = signer.verify(user, purpose, parts.token);
    if (!valid) throw invalid();
    if (Date.now() / 1000 - issuedAt > linkTtlSeconds) throw new AppError('ACCOUNTS_LINK_EXPIRED', 400);
    if (user.status === 'blocked') throw new AppError('AUTH_USER_BLOCKED', 403);
    return { userId: user.id, username: user.username, firstName: user.firstName, purpose };
  }

  return {
    sendSetPasswordLink: (userId, lang, clientId) => sendLink(userId, 'set', lang, clientId),
    sendRecoverPasswordLink: (userId, lang) => sendLink(userId, 'recover', lang),

    async passwordLinkPath(userId, purpose) {
      const parts = signer.make(await userOf(userId), purpose);
      return `/${purpose}-password/${encodeURIComponent(parts.username)}/${parts.uidb64}/${parts.token}`;
    },

    async issueCode(userId, purpose, channel, lang) {
      const user = await userOf(userId);
      if (!user.phone) throw new AppError('ACCOUNTS_NO_PHONE', 400);
      const cooldown = `${deps.phoneCooldownSeconds} seconds`;
      // Claim the cooldown in one statement: of two requests at once, only one sends a code.
      const claimed = await repo.claimPhoneCooldown(userId, cooldown);
      if (!claimed) {
        const current = await userOf(userId);
        const state = cooldownOf(current.phoneCooldownStartedAt);
        const seconds = Math.max(
          1,
          cooldownRemainingSeconds(state.startedAt, Date.now(), state.durationSeconds),
        );
        throw new AppError('ACCOUNTS_PHONE_COOLDOWN', 429, {
          params: { seconds },
          details: { cooldown: state, retryAfter: seconds },
        });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(Date.now() + deps.codeTtlSeconds * 1000);
      await unitOfWork(db).run(async () => {
        await repo.consumeOpenCodes(userId, purpose);
        await repo.insertCode({
          userId,
          purpose,
          channel,
          codeHash: signer.codeHash(userId, purpose, code),
          expiresAt,
        });
      });
      try {
        await deps.messaging.send({
          channel,
          to: user.phone,
          template: purpose === 'recover' ? 'recovery_code' : 'phone_verification_code',
          params: { code, minutes: Math.round(deps.codeTtlSeconds / 60) },
          lang: lang ?? user.lang,
          userId,
        });
      } catch {
        // Nothing reached the phone: give the cooldown back so the user may try again at once.
        await repo.restorePhoneCooldown(userId, user.phoneCooldownStartedAt);
        await deps.sessions.invalidate(userId);
        throw new AppError('ACCOUNTS_CODE_NOT_SENT', 502);
      }
      await deps.sessions.invalidate(userId);
      return {
        sentTo: maskPhone(user.phone),
        channel,
        expiresInSeconds: deps.codeTtlSeconds,
        cooldown: cooldownOf(claimed.startedAt),
      };
    },

    async verifyCode(userId, purpose, code) {
      const latest = await repo.latestOpenCode(userId, purpose);
      if (!latest) throw new AppError('ACCOUNTS_CODE_INVALID', 400);
      if (latest.attempts >= deps.codeMaxAttempts) throw new AppError('ACCOUNTS_CODE_TOO_MANY_ATTEMPTS', 429);
      if (latest.expiresAt < new Date()) throw new AppError('ACCOUNTS_CODE_EXPIRED', 400);
      const right = latest.codeHash === signer.codeHash(userId, purpose, code.trim());
      if (!right) {
        const attempts = await repo.countCodeAttempt(latest.id);
        if ((attempts ?? 0) >= deps.codeMaxAttempts) {
          throw new AppError('ACCOUNTS_CODE_TOO_MANY_ATTEMPTS', 429);
        }
        throw new AppError('ACCOUNTS_CODE_INVALID', 400);
      }
      // Spent in one statement: the same code presented twice at once works only once.
      if (!(await repo.spendCode(latest.id))) throw new AppError('ACCOUNTS_CODE_INVALID', 400);
      if (purpose === 'phone_verify') {
        await repo.markPhoneVerified(userId);
        await deps.sessions.invalidate(userId);
        return { verified: true };
      }
      return { verified: true, link: signer.make(await userOf(userId), 'recover') };
    },

    async approve(userId, actorId, clientId) {
      const user = await userOf(userId);
      const changed = await unitOfWork(db).run(async (tx) => {
        if (!(await repo.activateAwaiting(userId))) return false;
        const approvedIn = clientId ?? user.selectedClientId;
        await audit(tx, {
          actorId: actorId ?? null,
          clientId: approvedIn,
          action: 'user.approve',
          target: { type: 'user', id: userId },
          before: 'awaiting_approval',
          after: 'active',
        });
        if (approvedIn !== null) {
          const clientName = await repo.clientName(approvedIn);
          await deps.notifications.notify(
            {
              userId,
              clientId: approvedIn,
              kind: 'account.approved',
              data: { clientName: clientName ?? '' },
            },
            { tx },
          );
        }
        return true;
      });
      if (!changed) throw new AppError('ADMIN_NOT_AWAITING_APPROVAL', 409);
      await deps.sessions.invalidate(userId);
      if (!user.email) return;
      if (!user.passwordHash) {
        await sendLink(userId, 'set', undefined, clientId);
      } else {
        await deps.messaging.send({
          channel: 'email',
          to: user.email,
          template: 'registration_approved',
          params: { name: nameOf(user), link: `${deps.publicUrl.replace(/\/+$/, '')}/` },
          lang: user.lang,
          userId,
          ...(clientId !== undefined ? { clientId } : {}),
        });
      }
    },

    checkLink,

    async setPasswordWithLink(purpose, parts, password, level) {
      const link = await checkLink(purpose, parts);
      const unmet = checkPassword(password, level, { isNew: true });
      if (unmet.length) {
        throw new AppError('ACCOUNTS_PASSWORD_WEAK', 400, {
          details: [{ path: 'password', code: 'ACCOUNTS_PASSWORD_WEAK', unmet }],
        });
      }
      const passwordHash = await hashPassword(password);
      const applied = await unitOfWork(db).run(async (tx) => {
        // The link is spent in the same transaction that sets the password: a second use finds it.
        if (!(await repo.spendPasswordLink(tokenHash(parts.token), link.userId))) return false;
        await repo.setPassword(link.userId, passwordHash);
        await audit(tx, {
          actorId: link.userId,
          clientId: null,
          action: purpose === 'set' ? 'user.password_set' : 'user.password_recovered',
          target: { type: 'user', id: link.userId },
        });
        return true;
      });
      if (!applied) throw new AppError('ACCOUNTS_LINK_USED', 400);
      await deps.auth.revokeAllSessions(link.userId, 'password_changed');
      await deps.sessions.invalidate(link.userId);
      return { username: link.username };
    },

    async phoneCooldown(userId) {
      return cooldownOf((await userOf(userId)).phoneCooldownStartedAt);
    },
  };
}
