import {
  checkCompleteRegister,
  checkRegistration,
  completeRegisterBody,
  registerBody,
  registerFieldNames,
  storedDocument,
  type AffiliationOptions,
  type CompleteRegisterState,
  type RegisterFieldName,
  type RegisterResponse,
  type RegistrationVariant,
} from '@trilha/contracts/accounts';
import type { PendingStepsResponse } from '@trilha/contracts/pending-steps';
import { documentLookupKey } from '@trilha/domain/document';
import { normalizePhone } from '@trilha/contracts/profile';
import type { LanguageCode } from '@trilha/contracts/session';
import type { LoginConfig } from '@trilha/contracts/site';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import type { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { SessionService } from '../session/session.service';
import type { MessagingService } from '../messaging/messaging.service';
import type { AccountsService } from './accounts.service';
import { fieldError, validationFailed } from '../../lib/field-errors';
import { maskEmail } from './links';
import { createRegistrationRepo, type Affiliation, type VariantRow } from './registration.repo';

export interface RegistrationDeps {
  db: Db;
  sessions: SessionService;
  messaging: MessagingService;
  accounts: AccountsService;
  siteFor: (host: string | undefined) => Promise<LoginConfig>;
}

const knownFields = new Set<string>(registerFieldNames);
/** What complete-register asks of any account, whatever entry it came through. */
const essentialFields: RegisterFieldName[] = ['first_name', 'last_name', 'email', 'document', 'country'];

function isUniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  return code === '23505' ? (e.constraint ?? e.cause?.constraint ?? 'unique') : null;
}

export function createRegistrationService(deps: RegistrationDeps) {
  const { db } = deps;
  const repo = createRegistrationRepo(db);

  async function variantRow(siteId: number, slug: string): Promise<VariantRow> {
    const row = await repo.variantBySlug(siteId, slug);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  const fieldsOf = (row: VariantRow, config: LoginConfig) =>
    (row.fields ?? config.registerFields).filter((f): f is RegisterFieldName => knownFields.has(f));

  async function countriesIn(codes: readonly string[]) {
    if (!codes.length) return [];
    return repo.countriesIn([...codes]);
  }

  async function describe(row: VariantRow, config: LoginConfig): Promise<RegistrationVariant> {
    const clientName = await repo.clientName(row.clientId);
    return {
      slug: row.slug,
      mode: row.mode as 'register' | 'first_access',
      title: row.title,
      clientName: clientName ?? '',
      fields: fieldsOf(row, config),
      profiles: row.profiles as RegistrationVariant['profiles'],
      termsPath: row.termsPath,
      termsVersion: row.termsVersion,
      askAffiliation: row.askAffiliation,
      requiresApproval: row.requiresApproval || (!config.register && config.preRegister),
      countries: await countriesIn(row.countries),
      passwordStrength: config.passwordStrength,
    };
  }

  async function affiliationOptions(clientId: number): Promise<AffiliationOptions> {
    const { companyRows, brandRows, chainRows, storeRows } = await repo.affiliationRows(clientId);
    return {
      companies: companyRows.map((c) => ({
        id: c.id,
        name: c.name,
        kind: c.kind as 'company' | 'agency',
        brands: brandRows.filter((b) => b.companyId === c.id).map((b) => ({ id: b.id, name: b.name })),
      })),
      retailChains: chainRows.map((r) => ({
        id: r.id,
        name: r.name,
        stores: storeRows
          .filter((s) => s.chainId === r.id)
          .map((s) => ({ id: s.id, name: s.name, city: s.city, state: s.state })),
      })),
    };
  }

  /**
   * The chosen company, brands, chains and stores exist in the client and fit together: every brand is of
   * the company, every store of a chosen chain, and every chosen chain has one of its stores chosen.
   */
  async function checkAffiliation(clientId: number, a: Affiliation) {
    const options = await affiliationOptions(clientId);
    const company = options.companies.find((c) => c.id === a.companyId);
    if (!company) throw fieldError('companyId', 'ACCOUNTS_AFFILIATION_NOT_FOUND');
    const brandIds = new Set(company.brands.map((b) => b.id));
    if (!a.brandIds.length) throw fieldError('brandIds', 'ACCOUNTS_BRAND_REQUIRED');
    if (a.brandIds.some((id) => !brandIds.has(id)))
      throw fieldError('brandIds', 'ACCOUNTS_AFFILIATION_NOT_FOUND');
    const chains = a.retailChainIds.map((id) => options.retailChains.find((r) => r.id === id));
    if (!chains.length) throw fieldError('retailChainIds', 'ACCOUNTS_STORE_REQUIRED');
    if (chains.some((c) => !c)) throw fieldError('retailChainIds', 'ACCOUNTS_AFFILIATION_NOT_FOUND');
    const storeChain = new Map(chains.flatMap((c) => c!.stores.map((s) => [s.id, c!.id] as const)));
    if (a.storeIds.some((id) => !storeChain.has(id)))
      throw fieldError('storeIds', 'ACCOUNTS_AFFILIATION_NOT_FOUND');
    for (const chain of chains) {
      if (!a.storeIds.some((id) => storeChain.get(id) === chain!.id)) {
        throw fieldError('storeIds', 'ACCOUNTS_STORE_REQUIRED');
      }
    }
  }

  async function assertUnique(document: string | null, email: string | null, exceptUserId?: number) {
    if (document) {
      if (await repo.documentTaken(document, exceptUserId))
        throw fieldError('document', 'ACCOUNTS_DOCUMENT_TAKEN', 409);
    }
    if (email) {
      if (await repo.emailTaken(email, exceptUserId)) throw fieldError('email', 'ACCOUNTS_EMAIL_TAKEN', 409);
    }
  }

  async function freeUsername(email: string, document: string): Promise<string> {
    const base =
      (email.split('@')[0] ?? '')
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9._-]/g, '')
        .slice(0, 30) || `user${document.slice(-4) || Date.now().toString(36)}`;
    for (let i = 0; i < 50; i++) {
      const candidate = i === 0 ? base : `${base}${i + 1}`;
      if (!(await repo.usernameTaken(candidate))) return candidate;
    }
    return `${base}${Date.now().toString(36)}`;
  }

  async function languageId(lang: LanguageCode): Promise<number> {
    return (await repo.languageId(lang)) ?? 1;
  }

  /** The entry of the site that serves a client (its complete-register asks what that entry asks). */
  async function variantForClient(clientId: number): Promise<VariantRow | undefined> {
    return repo.registerVariantOfClient(clientId);
  }

  async function missingFor(userId: number) {
    const user = await repo.userById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 401);
    const missing: string[] = [];
    const has: Record<RegisterFieldName, boolean> = {
      first_name: Boolean(user.firstName.trim()),
      last_name: Boolean(user.lastName.trim()),
      email: Boolean(user.email),
      document: Boolean(user.document),
      country: user.countryId !== null,
      phone: Boolean(user.phone),
      birthday: true,
    };
    for (const field of essentialFields) if (!has[field]) missing.push(field);
    if (!user.termsAcceptedAt) missing.push('terms');
    const clientId = user.selectedClientId;
    const variant = clientId ? await variantForClient(clientId) : undefined;
    if (clientId && (await lacksAffiliation(userId, clientId))) missing.push('affiliation');
    return { user, missing, variant, clientId };
  }

  /**
   * Company/agency, brand and store are asked of a user whose profile in the client is one that an entry
   * asking them offers (staff such as managers or auditors are never asked). Such a user lacks them while
   * there is no company in the client, no brand of that company, or no store of the client.
   */
  async function lacksAffiliation(userId: number, clientId: number): Promise<boolean> {
    const roles = (await repo.rolesIn(userId, clientId)) ?? [];
    if (!roles.length) return false;
    const asking = await repo.profilesAskingAffiliation(clientId);
    if (!asking.some((v) => v.profiles.some((p) => roles.includes(p)))) return false;
    const current = await currentAffiliation(userId, clientId);
    return !current.companyId || !current.brandIds.length || !current.storeIds.length;
  }

  const currentAffiliation = (userId: number, clientId: number) => repo.currentAffiliation(userId, clientId);

  /** What the signed-in user must still do before the app opens (the web guard reads this). */
  async function pendingSteps(userId: number): Promise<PendingStepsResponse> {
    const { user, missing, clientId } = await missingFor(userId);
    const steps: PendingStepsResponse['steps'] = [];
    if (user.mustChangePassword) steps.push('change_password');
    if (missing.length) steps.push('complete_register');
    if (clientId) {
      if (await repo.hasOpenOnboarding(userId, clientId)) steps.push('onboarding');
    }
    return { steps, missing };
  }

  return {
    affiliationOptions,

    async variant(host: string | undefined, slug: string): Promise<RegistrationVariant> {
      const config = await deps.siteFor(host);
      const row = await variantRow(config.siteId, slug);
      if (row.mode === 'register' && !config.register && !config.preRegister) {
        throw new AppError('ACCOUNTS_REGISTER_CLOSED', 403);
      }
      return describe(row, config);
    },

    async affiliations(host: string | undefined, slug: string): Promise<AffiliationOptions> {
      const config = await deps.siteFor(host);
      return affiliationOptions((await variantRow(config.siteId, slug)).clientId);
    },

    /**
     * Creates the account of a registration entry. It waits for approval (pre-register switch or the
     * entry's rule; the user gets a "registration received" e-mail and a set-password link once approved)
     * or is active at once and gets the set-password link now. No password is asked here: the link proves
     * the e-mail address is the user's.
     */
    async register(host: string | undefined, input: unknown, lang: LanguageCode): Promise<RegisterResponse> {
      const config = await deps.siteFor(host);
      const base = registerBody.safeParse(input);
      if (!base.success) throw validationFailed(base.error.issues);
      const row = await variantRow(config.siteId, base.data.variant);
      if (row.mode !== 'register' || (!config.register && !config.preRegister)) {
        throw new AppError('ACCOUNTS_REGISTER_CLOSED', 403);
      }
      const info = await describe(row, config);
      const checked = registerBody.superRefine((v, ctx) => checkRegistration(v, info, ctx)).safeParse(input);
      if (!checked.success) throw validationFailed(checked.error.issues);
      const v = checked.data;
      const country = v.country || info.countries[0]?.code || 'BRA';
      if (info.fields.includes('country') && !info.countries.some((c) => c.code === country)) {
        throw fieldError('country', 'ACCOUNTS_COUNTRY_REQUIRED');
      }
      const document = v.document ? storedDocument(v.document) : null;
      const email = v.email ? v.email.toLowerCase() : null;
      await assertUnique(document, email);
      if (info.askAffiliation) await checkAffiliation(row.clientId, v);

      const countryRow = await repo.countryByCode(country);
      const status = info.requiresApproval ? 'awaiting_approval' : 'active';
      const now = new Date();
      // Read before the transaction: PGlite has one connection, so a query outside it would wait forever.
      const username = await freeUsername(email ?? '', document ?? '');
      const langId = await languageId(lang);
      let userId: number;
      try {
        userId = await unitOfWork(db).run(async (tx) => {
          const inTx = createRegistrationRepo(tx);
          const id = await inTx.insertUser({
            username,
            email,
            document,
            documentCountry: document ? country : null,
            passwordHash: null,
            firstName: v.firstName,
            lastName: v.lastName,
            status,
            countryId: countryRow?.id ?? null,
            languageId: langId,
            selectedClientId: row.clientId,
            phone: v.phone ? normalizePhone(v.phone, country) : null,
            termsAcceptedAt: now,
          });
          await inTx.addMembership(id, row.clientId, [v.profile]);
          await inTx.insertRegistration(row.clientId, {
            userId: id,
            variant: row.slug,
            profile: v.profile,
            termsVersion: row.termsVersion,
            termsAcceptedAt: now,
            adultConfirmedAt: now,
          });
          if (info.askAffiliation) await inTx.saveAffiliation(id, row.clientId, v);
          await audit(tx, {
            actorId: id,
            clientId: row.clientId,
            action: 'user.register',
            target: { type: 'user', id },
            details: { variant: row.slug, profile: v.profile, status },
          });
          return id;
        });
      } catch (err) {
        const constraint = isUniqueViolation(err);
        if (constraint?.includes('document')) throw fieldError('document', 'ACCOUNTS_DOCUMENT_TAKEN', 409);
        if (constraint?.includes('email')) throw fieldError('email', 'ACCOUNTS_EMAIL_TAKEN', 409);
        throw err;
      }

      let sentTo: string | null = null;
      if (email) {
        try {
          if (status === 'active') {
            sentTo = (await deps.accounts.sendSetPasswordLink(userId, lang)).sentTo;
          } else {
            await deps.messaging.send({
              channel: 'email',
              to: email,
              template: 'registration_received',
              params: { name: v.firstName || email },
              lang,
              userId,
              clientId: row.clientId,
            });
            sentTo = maskEmail(email);
          }
        } catch {
          // The account exists either way; first access sends the link again.
          sentTo = null;
        }
      }
      return { status, sentTo };
    },

    /**
     * first_access: a pre-registered account (no password yet) is found by document or e-mail and gets a
     * set-password link at its e-mail.
     */
    async firstAccess(identifier: string, lang: LanguageCode): Promise<{ sentTo: string | null }> {
      const text = identifier.trim();
      const documentKey = documentLookupKey(text);
      const user = await repo.userByEmailOrDocument(text.toLowerCase(), documentKey);
      if (!user || !user.email) throw new AppError('ACCOUNTS_FIRST_ACCESS_NOT_FOUND', 404);
      if (user.status === 'blocked') throw new AppError('AUTH_USER_BLOCKED', 403);
      if (user.status === 'awaiting_approval') throw new AppError('AUTH_AWAITING_APPROVAL', 403);
      if (user.passwordHash) throw new AppError('ACCOUNTS_ALREADY_ACTIVE', 409);
      return deps.accounts.sendSetPasswordLink(user.id, lang);
    },

    pendingSteps,

    async completeRegisterState(userId: number): Promise<CompleteRegisterState> {
      const { user, missing, variant, clientId } = await missingFor(userId);
      const affiliation = clientId
        ? await currentAffiliation(userId, clientId)
        : { companyId: null, brandIds: [], retailChainIds: [], storeIds: [] };
      const country = user.countryId ? await repo.countryById(user.countryId) : undefined;
      return {
        values: {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email ?? '',
          document: user.document ?? '',
          phone: user.phone ?? '',
          country: country?.code ?? '',
          ...affiliation,
        },
        missing,
        termsPath: variant?.termsPath ?? '/institutional/terms-and-conditions',
        askAffiliation: missing.includes('affiliation'),
        countries: await countriesIn(variant?.countries ?? (await repo.countryCodes())),
      };
    },

    /** Saves what complete-register asked; only missing fields are written. */
    async completeRegister(userId: number, input: unknown): Promise<PendingStepsResponse> {
      const { user, missing, clientId } = await missingFor(userId);
      const parsed = completeRegisterBody
        .superRefine((v, ctx) => checkCompleteRegister(v, missing, ctx))
        .safeParse(input);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const v = parsed.data;
      const currentCountry = user.countryId ? await repo.countryById(user.countryId) : undefined;
      const country = missing.includes('country') ? v.country : (currentCountry?.code ?? 'BRA');
      const countryRow = await repo.countryByCode(country);
      if (missing.includes('country') && !countryRow)
        throw fieldError('country', 'ACCOUNTS_COUNTRY_REQUIRED');
      const document = missing.includes('document') ? storedDocument(v.document) : null;
      const email = missing.includes('email') ? v.email.toLowerCase() : null;
      await assertUnique(document, email, userId);
      if (missing.includes('affiliation') && clientId) await checkAffiliation(clientId, v);
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (missing.includes('first_name')) set.firstName = v.firstName;
      if (missing.includes('last_name')) set.lastName = v.lastName;
      if (email) set.email = email;
      if (document) {
        set.document = document;
        set.documentCountry = country;
      }
      if (missing.includes('country')) set.countryId = countryRow!.id;
      if (v.phone && !user.phone) set.phone = normalizePhone(v.phone, country);
      if (missing.includes('terms')) set.termsAcceptedAt = new Date();
      try {
        await unitOfWork(db).run(async (tx) => {
          const inTx = createRegistrationRepo(tx);
          await inTx.updateUser(userId, set);
          if (missing.includes('affiliation') && clientId) await inTx.saveAffiliation(userId, clientId, v);
          await audit(tx, {
            actorId: userId,
            clientId,
            action: 'user.complete_register',
            target: { type: 'user', id: userId },
            details: { fields: missing },
          });
        });
      } catch (err) {
        const constraint = isUniqueViolation(err);
        if (constraint?.includes('document')) throw fieldError('document', 'ACCOUNTS_DOCUMENT_TAKEN', 409);
        if (constraint?.includes('email')) throw fieldError('email', 'ACCOUNTS_EMAIL_TAKEN', 409);
        throw err;
      }
      await deps.sessions.invalidate(userId);
      return pendingSteps(userId);
    },

    async completeOnboarding(userId: number, clientId: number): Promise<void> {
      await repo.markOnboarded(userId, clientId);
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
