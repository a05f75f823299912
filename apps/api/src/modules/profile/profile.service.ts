import { randomBytes } from 'node:crypto';
import { verify as argonVerify } from '@node-rs/argon2';
import {
  genders,
  maritalStatuses,
  namesMatch,
  normalizePhone,
  type ActivityPage,
  type ChangePasswordBody,
  type DeletionRequestBody,
  type InboxPage,
  type ProfileContactBody,
  type ProfilePersonalBody,
  type ProfilePreferencesBody,
  type ProfileProfessionalBody,
  type ProfileResponse,
} from '@trilha/contracts/profile';
import type { LanguageCode } from '@trilha/contracts/session';
import { checkPassword } from '@trilha/domain/password';
import type { Db } from '../../db/client';
import { unitOfWork, whenCommitted } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { Storage } from '../../lib/storage';
import type { AuthService } from '../auth/auth.service';
import { hashPassword } from '../auth/auth.service';
import type { SessionService } from '../session/session.service';
import type { SiteService } from '../site/site.service';
import { renderAvatar, type CropBox } from './avatar';
import { fieldError } from '../../lib/field-errors';
import type { MessagingPort } from './ports';
import { createProfileRepo } from './profile.repo';

export interface ProfileServiceDeps {
  db: Db;
  storage: Storage;
  auth: AuthService;
  sessions: SessionService;
  site: SiteService;
  phoneCooldownSeconds: number;
  messaging: MessagingPort;
  log?: (msg: string, err: unknown) => void;
}

const AVATAR_URL_PREFIX = '/api/profile/avatars/';
/** `<userId>-<random>`: the avatar's URL can be shared by the app but not guessed. */
const AVATAR_TOKEN = /^(\d{1,10})-([a-f0-9]{32})$/;

const s = (v: string | null | undefined) => v ?? '';
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function createProfileService(deps: ProfileServiceDeps) {
  const { db } = deps;
  const repo = createProfileRepo(db);

  async function loadOrFail(userId: number) {
    const row = await repo.load(userId);
    if (!row) throw new AppError('UNAUTHENTICATED', 401);
    return row;
  }

  async function changed(
    userId: number,
    clientId: number | null,
    kind: string,
    detail: string | null = null,
  ) {
    await repo.record(userId, clientId, kind, detail);
    await deps.sessions.invalidate(userId);
  }

  async function get(userId: number, clientId: number | null, host?: string): Promise<ProfileResponse> {
    const { user, profile: p, countryCode, languageCode } = await loadOrFail(userId);
    const [company, config, pending] = await Promise.all([
      repo.clientName(clientId),
      deps.site.forHost(host),
      repo.hasPendingDeletion(userId),
    ]);
    const gender = (genders as readonly string[]).includes(p?.gender ?? '')
      ? (p!.gender as (typeof genders)[number])
      : '';
    const marital = (maritalStatuses as readonly string[]).includes(p?.maritalStatus ?? '')
      ? (p!.maritalStatus as (typeof maritalStatuses)[number])
      : '';
    return {
      id: user.id,
      username: user.username,
      document: user.document,
      documentCountry: user.documentCountry,
      avatarUrl: user.image,
      fullName: `${user.firstName} ${user.lastName}`.trim() || user.username,
      personal: {
        firstName: user.firstName,
        lastName: user.lastName,
        nickname: s(p?.nickname),
        storeNickname: s(p?.storeNickname),
        birthday: s(p?.birthday),
        gender,
        maritalStatus: marital,
        childrenCount: p?.childrenCount ?? null,
        hasDisability: p?.hasDisability ?? false,
        disabilityDescription: s(p?.disabilityDescription),
      },
      contact: {
        email: s(user.email),
        emailConfirmation: s(user.email),
        cellPhone: s(user.phone),
        commercialPhone: s(p?.phoneCommercial),
        residentialPhone: s(p?.phoneResidential),
        communicationPhone: s(p?.phoneCommunication),
        whatsappPhone: s(p?.phoneWhatsapp),
        zipCode: s(p?.zipCode),
        street: s(p?.street),
        number: s(p?.number),
        complement: s(p?.complement),
        neighborhood: s(p?.neighborhood),
        city: s(p?.city),
        state: s(p?.state),
        country: p?.country ?? countryCode ?? 'BRA',
      },
      professional: {
        profession: s(p?.profession),
        gminNumber: s(p?.gminNumber),
        cadvCode: s(p?.cadvCode),
        code: s(p?.code),
        company,
        store: p?.store ?? null,
        brand: p?.brand ?? null,
        branch: p?.branch ?? null,
        retailer: p?.retailer ?? null,
      },
      preferences: {
        timeZone: user.timeZone,
        languageCode: languageCode as LanguageCode,
        emailOptIn: p?.emailOptIn ?? true,
      },
      phoneVerified: user.phoneVerified,
      phoneCooldown: {
        startedAt: iso(user.phoneCooldownStartedAt),
        durationSeconds: deps.phoneCooldownSeconds,
      },
      passwordStrength: config.passwordStrength,
      deletionRequested: pending,
    };
  }

  async function updatePersonal(userId: number, clientId: number | null, body: ProfilePersonalBody) {
    await unitOfWork(db).run(async (tx) => {
      await createProfileRepo(tx).updateUser(userId, {
        firstName: body.firstName,
        lastName: body.lastName,
        updatedAt: new Date(),
      });
      await createProfileRepo(tx).upsertProfile(userId, {
        nickname: orNull(body.nickname),
        storeNickname: orNull(body.storeNickname),
        birthday: orNull(body.birthday),
        gender: orNull(body.gender),
        maritalStatus: orNull(body.maritalStatus),
        childrenCount: body.childrenCount,
        hasDisability: body.hasDisability,
        disabilityDescription: body.hasDisability ? orNull(body.disabilityDescription) : null,
      });
    });
    await changed(userId, clientId, 'profile_updated', 'personal');
  }

  async function updateContact(userId: number, clientId: number | null, body: ProfileContactBody) {
    const { user } = await loadOrFail(userId);
    if (await repo.emailTakenByOther(body.email, userId))
      throw fieldError('email', 'PROFILE_EMAIL_TAKEN', 409);
    const cell = normalizePhone(body.cellPhone, body.country);
    const phoneChanged = cell !== user.phone;
    await unitOfWork(db).run(async (tx) => {
      await createProfileRepo(tx).updateUser(userId, {
        email: body.email,
        phone: cell,
        // A new number has to be verified again.
        ...(phoneChanged ? { phoneVerified: false } : {}),
        updatedAt: new Date(),
      });
      await createProfileRepo(tx).upsertProfile(userId, {
        phoneCommercial: normalizePhone(body.commercialPhone, body.country),
        phoneResidential: normalizePhone(body.residentialPhone, body.country),
        phoneCommunication: normalizePhone(body.communicationPhone, body.country),
        phoneWhatsapp: normalizePhone(body.whatsappPhone, body.country),
        zipCode: body.zipCode,
        street: body.street,
        number: body.number,
        complement: orNull(body.complement),
        neighborhood: body.neighborhood,
        city: body.city,
        state: body.state,
        country: body.country.toUpperCase(),
      });
    });
    await changed(userId, clientId, 'profile_updated', 'contact');
  }

  async function updateProfessional(userId: number, clientId: number | null, body: ProfileProfessionalBody) {
    await repo.upsertProfile(userId, {
      profession: orNull(body.profession),
      gminNumber: orNull(body.gminNumber),
      cadvCode: orNull(body.cadvCode),
      code: orNull(body.code),
    });
    await changed(userId, clientId, 'profile_updated', 'professional');
  }

  async function updatePreferences(userId: number, clientId: number | null, body: ProfilePreferencesBody) {
    const languageId = await repo.languageId(body.languageCode);
    if (!languageId) throw new AppError('LANGUAGE_NOT_FOUND', 404);
    await unitOfWork(db).run(async (tx) => {
      await createProfileRepo(tx).updateUser(userId, {
        timeZone: body.timeZone,
        languageId,
        updatedAt: new Date(),
      });
      await createProfileRepo(tx).upsertProfile(userId, { emailOptIn: body.emailOptIn });
    });
    await changed(userId, clientId, 'preferences_updated');
  }

  async function setAvatar(userId: number, clientId: number | null, data: Buffer, crop?: CropBox) {
    const webp = await renderAvatar(data, crop);
    const random = randomBytes(16).toString('hex');
    const key = `avatars/${userId}/${random}.webp`;
    await deps.storage.put(key, webp);
    const { profile } = await loadOrFail(userId);
    const url = `${AVATAR_URL_PREFIX}${userId}-${random}`;
    await unitOfWork(db).run(async (tx) => {
      await createProfileRepo(tx).updateUser(userId, { image: url, updatedAt: new Date() });
      await createProfileRepo(tx).upsertProfile(userId, { avatarKey: key });
    });
    if (profile?.avatarKey) await whenCommitted(() => deps.storage.remove(profile.avatarKey!));
    await changed(userId, clientId, 'avatar_changed');
    return url;
  }

  async function removeAvatar(userId: number, clientId: number | null) {
    const { profile } = await loadOrFail(userId);
    await unitOfWork(db).run(async (tx) => {
      await createProfileRepo(tx).updateUser(userId, { image: null, updatedAt: new Date() });
      await createProfileRepo(tx).upsertProfile(userId, { avatarKey: null });
    });
    if (profile?.avatarKey) await whenCommitted(() => deps.storage.remove(profile.avatarKey!));
    await changed(userId, clientId, 'avatar_changed', 'removed');
  }

  /** The storage key of the avatar behind an unguessable URL's token; undefined for a malformed one. */
  function avatarKey(token: string): string | undefined {
    const match = AVATAR_TOKEN.exec(token);
    return match ? `avatars/${match[1]}/${match[2]}.webp` : undefined;
  }

  async function changePassword(
    userId: number,
    sessionId: string,
    clientId: number | null,
    body: ChangePasswordBody,
    host?: string,
  ) {
    const { user } = await loadOrFail(userId);
    const ok = user.passwordHash
      ? await argonVerify(user.passwordHash, body.currentPassword).catch(() => false)
      : false;
    if (!ok) throw fieldError('currentPassword', 'PROFILE_PASSWORD_CHANGE_FAILED');
    const level = (await deps.site.forHost(host)).passwordStrength;
    const unmet = checkPassword(body.newPassword, level, { isNew: true });
    if (unmet.length > 0) {
      throw new AppError('PROFILE_PASSWORD_WEAK', 400, {
        details: [{ path: 'newPassword', code: 'PROFILE_PASSWORD_WEAK', unmet }],
      });
    }
    const passwordHash = await hashPassword(body.newPassword);
    await unitOfWork(db).run(async (tx) => {
      await createProfileRepo(tx).updateUser(userId, {
        passwordHash,
        mustChangePassword: false,
        updatedAt: new Date(),
      });
      await audit(tx, {
        actorId: userId,
        clientId,
        action: 'user.password_change',
        target: { type: 'user', id: userId },
      });
    });
    // This device stays signed in; every other session ends.
    const ended = await deps.auth.revokeAllSessions(userId, 'password_changed', sessionId);
    await changed(userId, clientId, 'password_changed');
    return ended;
  }

  async function requestDeletion(userId: number, clientId: number | null, body: DeletionRequestBody) {
    const { user } = await loadOrFail(userId);
    const fullName = `${user.firstName} ${user.lastName}`.trim();
    if (!namesMatch(body.name, fullName)) throw fieldError('name', 'PROFILE_DELETION_NAME_MISMATCH');
    try {
      await unitOfWork(db).run(async (tx) => {
        const requestId = await createProfileRepo(tx).insertDeletionRequest(
          userId,
          clientId,
          body.reason ? body.reason : null,
        );
        await audit(tx, {
          actorId: userId,
          clientId,
          action: 'user.deletion_request',
          target: { type: 'deletion_request', id: requestId },
        });
      });
    } catch (error) {
      if (
        String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) ===
        '23505'
      ) {
        throw new AppError('PROFILE_DELETION_PENDING', 409);
      }
      throw error;
    }
    await repo.record(userId, clientId, 'deletion_requested');
    const { messaging } = deps;
    const lang = (await loadOrFail(userId)).languageCode as LanguageCode;
    if (user.email) {
      // The acknowledgement is best effort: the request is queued either way.
      await messaging
        .send({
          channel: 'email',
          to: user.email,
          template: 'account_deletion_requested',
          params: { name: user.firstName || fullName },
          lang,
          userId,
        })
        .catch((err: unknown) => deps.log?.('deletion acknowledgement not sent', err));
    }
    await deps.auth.revokeAllSessions(userId, 'deletion_requested');
    await deps.sessions.invalidate(userId);
  }

  /**
   * Processes a deletion: the account keeps its id (ledgers and audit rows point at it) but loses every
   * personal datum, its avatar and its sessions, and is blocked. Idempotent per request.
   */
  async function anonymize(requestId: number, actorId: number, clientId: number | null) {
    const request = await repo.deletionRequest(requestId);
    if (!request) throw new AppError('NOT_FOUND', 404);
    if (request.status !== 'pending') throw new AppError('ADMIN_DELETION_ALREADY_PROCESSED', 409);
    const userId = request.userId;
    const { profile, user } = await loadOrFail(userId);
    await unitOfWork(db).run(async (tx) => {
      await createProfileRepo(tx).updateUser(userId, {
        username: `deleted-${userId}`,
        email: null,
        document: null,
        documentCountry: null,
        firstName: '',
        lastName: '',
        image: null,
        phone: null,
        phoneVerified: false,
        passwordHash: null,
        status: 'blocked',
        blockedAt: new Date(),
        updatedAt: new Date(),
      });
      await createProfileRepo(tx).eraseDeletedUser(userId, requestId, actorId);
      await audit(tx, {
        actorId,
        clientId,
        action: 'user.anonymize',
        target: { type: 'user', id: userId },
        details: { requestId, previousStatus: user.status },
      });
    });
    if (profile?.avatarKey) await whenCommitted(() => deps.storage.remove(profile.avatarKey!));
    await whenCommitted(() => deps.storage.removePrefix(`avatars/${userId}`).catch(() => undefined));
    await deps.auth.revokeAllSessions(userId, 'account_deleted');
    await deps.sessions.invalidate(userId);
  }

  async function inbox(userId: number, clientId: number, page: number, pageSize: number): Promise<InboxPage> {
    const { items, total } = await repo.inbox(userId, clientId, pageSize, (page - 1) * pageSize);
    return {
      items: items.map((m) => ({
        id: m.id,
        title: m.title,
        body: m.body,
        readAt: iso(m.readAt),
        createdAt: iso(m.createdAt)!,
      })),
      total,
      page,
      pageSize,
    };
  }

  async function activity(userId: number, page: number, pageSize: number): Promise<ActivityPage> {
    const { items, total } = await repo.activity(userId, pageSize, (page - 1) * pageSize);
    return {
      items: items.map((a) => ({
        id: a.id,
        kind: a.kind as ActivityPage['items'][number]['kind'],
        detail: a.detail,
        createdAt: iso(a.created_at)!,
      })),
      total,
      page,
      pageSize,
    };
  }

  return {
    get,
    updatePersonal,
    updateContact,
    updateProfessional,
    updatePreferences,
    setAvatar,
    removeAvatar,
    avatarKey,
    changePassword,
    requestDeletion,
    anonymize,
    inbox,
    activity,
    unreadCount: repo.unreadCount,
    async markRead(userId: number, clientId: number, id: number) {
      if (!(await repo.inboxMessageExists(userId, clientId, id))) throw new AppError('NOT_FOUND', 404);
      await repo.markRead(userId, clientId, id);
    },
    markAllRead: (userId: number, clientId: number) => repo.markRead(userId, clientId),
    /** Sends an internal message (level changes, approvals …); other areas call this. */
    deliver: repo.deliver,
    /** Adds an event to a user's activity feed; other areas call this. */
    record: repo.record,
    async phoneOf(userId: number) {
      const { user } = await loadOrFail(userId);
      return {
        phone: user.phone,
        phoneVerified: user.phoneVerified,
        phoneCooldown: {
          startedAt: iso(user.phoneCooldownStartedAt),
          durationSeconds: deps.phoneCooldownSeconds,
        },
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
