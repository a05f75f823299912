import {
  moduleCatalog,
  sessionResponse,
  type LanguageCode,
  type SessionResponse,
} from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { whenCommitted } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import type { PubSub } from '../../lib/pubsub';
import { TtlCache } from '../../lib/ttl-cache';
import { isBackOfficeUser } from '../../plugins/auth';
import type { UserDirectory } from '../users/user-directory';
import type { SessionType } from '../auth/tokens';
import type { clients } from '../../db/schema/core';
import { createSessionRepo } from './session.repo';

export const USER_CHANGED_CHANNEL = 'session.user-changed';
export const CLIENTS_CHANGED_CHANNEL = 'session.clients-changed';

type SessionState = Omit<SessionResponse, 'sessionType'>;

export function modulesFor(flags: Record<string, boolean>) {
  return moduleCatalog.filter((m) => flags[m.flag]).map(({ key, path }) => ({ key, path }));
}

export interface SessionServiceDeps {
  db: Db;
  pubsub: PubSub;
  /** The users and their memberships, read and changed through the users module. */
  users: Pick<UserDirectory, 'withActiveMemberships' | 'isBlockedIn' | 'selectClient' | 'selectLanguage'>;
  phoneCooldownSeconds: number;
}

/** Who a session is built for, in the selected client: what a mandatory survey's audience is tested on. */
export interface SessionMember {
  userId: number;
  clientId: number;
  roles: SessionState['clients'][number]['roles'];
  isSuperuser: boolean;
  flags: Record<string, boolean>;
}
/** The mandatory survey the member still has to answer in that client, or null (set by the surveys module). */
export type MandatorySurveyFinder = (member: SessionMember) => Promise<number | null>;

/**
 * The session and user state of spec section 3. It is read on every app start and page load, so it is
 * cached per user; anything that changes a user or a client publishes on the channels above.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const repo = createSessionRepo(deps.db);
  // Cached as serialized JSON: the hot path of every app start is then a lookup and a string splice.
  const cache = new TtlCache<number, { state: SessionState; json: Record<SessionType, string> }>(
    60_000,
    20_000,
  );
  type ClientRow = Pick<
    typeof clients.$inferSelect,
    'id' | 'name' | 'slug' | 'homeRoute' | 'logoUrl' | 'primaryColor' | 'flags'
  >;
  let lists:
    | {
        countries: SessionState['countries'];
        languages: SessionState['languages'];
        clients: Map<number, ClientRow>;
      }
    | undefined;

  let mandatorySurvey: MandatorySurveyFinder = async () => null;

  deps.pubsub.subscribe(USER_CHANGED_CHANNEL, (msg) => cache.delete((msg as { userId: number }).userId));
  deps.pubsub.subscribe(CLIENTS_CHANGED_CHANNEL, () => {
    cache.clear();
    lists = undefined;
  });

  async function loadLists() {
    if (!lists) {
      const [c, l, cl] = await Promise.all([repo.countries(), repo.languages(), repo.clients()]);
      lists = {
        countries: c,
        languages: l.map((x) => ({ ...x, code: x.code as LanguageCode })),
        clients: new Map(cl.map((x) => [x.id, x])),
      };
    }
    return lists;
  }

  async function build(userId: number): Promise<SessionState> {
    // One query for the user and their memberships; clients, countries and languages come from the
    // shared lists, so a first read per user costs a single round trip.
    const row = await deps.users.withActiveMemberships(userId);
    if (!row) throw new AppError('UNAUTHENTICATED', 401);
    const { user } = row;
    let shared = await loadLists();
    if (row.memberships.some((m) => !shared.clients.has(m.clientId))) {
      // A client created since the lists were read (by another instance, say): read them again.
      lists = undefined;
      shared = await loadLists();
    }
    // A superuser belongs to no client in particular and may work in any: every client is listed, with
    // the roles they hold there, if any.
    const entries = user.isSuperuser
      ? [...shared.clients.keys()].map(
          (clientId) => row.memberships.find((m) => m.clientId === clientId) ?? { clientId, roles: [] },
        )
      : row.memberships;
    const memberships = entries
      .filter((m) => shared.clients.has(m.clientId))
      .map((m) => ({ ...shared.clients.get(m.clientId)!, roles: m.roles }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const language = shared.languages.find((l) => l.id === user.languageId) ?? shared.languages[0]!;
    const sessionClients = memberships.map((m) => ({
      ...m,
      // Inline (data:) logos are served by their own cacheable route rather than inside every answer.
      logoUrl: m.logoUrl?.startsWith('data:') ? `/api/clients/${m.id}/logo` : m.logoUrl,
      roles: m.roles as SessionState['clients'][number]['roles'],
      modules: modulesFor(m.flags),
    }));
    // A selection that is gone (blocked there, or none made yet) falls to the first client left.
    const selected = sessionClients.find((c) => c.id === user.selectedClientId) ?? sessionClients[0] ?? null;
    const mandatorySurveyId = selected
      ? await mandatorySurvey({
          userId: user.id,
          clientId: selected.id,
          roles: selected.roles,
          isSuperuser: user.isSuperuser,
          flags: selected.flags,
        })
      : null;
    return {
      user: {
        id: user.id,
        username: user.username,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        fullName: `${user.firstName} ${user.lastName}`.trim() || user.username,
        isSuperuser: user.isSuperuser,
        status: user.status as SessionState['user']['status'],
        image: user.image,
        countryId: user.countryId,
        languageId: language.id,
        languageCode: language.code,
        campaignId: null,
        termsAccepted: Boolean(user.termsAcceptedAt),
        cookiePolicyAccepted: Boolean(user.cookiePolicyAcceptedAt),
        mustChangePassword: user.mustChangePassword,
        mandatorySurveys: mandatorySurveyId !== null,
        mandatorySurveyId,
        // Drills arrive with their own feature; until then none exist.
        mandatoryDrills: false,
        phoneVerified: user.phoneVerified,
        phoneVerificationCooldown: {
          startedAt: user.phoneCooldownStartedAt?.toISOString() ?? null,
          durationSeconds: deps.phoneCooldownSeconds,
        },
      },
      selectedClientId: selected?.id ?? null,
      clients: sessionClients,
      countries: shared.countries,
      languages: shared.languages,
      canAccessBackOffice: isBackOfficeUser(user.isSuperuser, selected?.roles ?? []),
    };
  }

  async function cached(userId: number) {
    let hit = cache.get(userId);
    if (!hit) {
      const state = await build(userId);
      // Validate once per build what the route would otherwise validate on every answer.
      sessionResponse.omit({ sessionType: true }).parse(state);
      const body = JSON.stringify(state).slice(1);
      hit = {
        state,
        json: {
          password: `{"sessionType":"password",${body}`,
          webservice: `{"sessionType":"webservice",${body}`,
        },
      };
      cache.set(userId, hit);
    }
    return hit;
  }

  /** Inside a unit of work, once it commits: a drop before the commit could cache the old state again. */
  async function invalidate(userId: number) {
    await whenCommitted(async () => {
      cache.delete(userId);
      await deps.pubsub.publish(USER_CHANGED_CHANNEL, { userId });
    });
  }

  return {
    async get(userId: number, sessionType: SessionType): Promise<SessionResponse> {
      return { sessionType, ...(await cached(userId)).state };
    },

    /** The same answer as `get`, already serialized (checked against the contract when it was built). */
    async getJson(userId: number, sessionType: SessionType): Promise<string> {
      return (await cached(userId)).json[sessionType];
    },

    async selectClient(userId: number, clientId: number) {
      // Any client the session lists: the user's unblocked memberships, every client for a superuser.
      const { state } = await cached(userId);
      if (!state.clients.some((c) => c.id === clientId)) {
        // A client the user is blocked in answers the blocked message, for that client only.
        const blocked = await deps.users.isBlockedIn(userId, clientId);
        throw blocked ? new AppError('AUTH_USER_BLOCKED', 403) : new AppError('CLIENT_NOT_AVAILABLE', 403);
      }
      await deps.users.selectClient(userId, clientId);
      await invalidate(userId);
    },

    async selectLanguage(userId: number, code: LanguageCode) {
      const lang = await repo.languageByCode(code);
      if (!lang) throw new AppError('LANGUAGE_NOT_FOUND', 404);
      await deps.users.selectLanguage(userId, lang.id);
      await invalidate(userId);
    },

    invalidate,

    /** Every user's cached state, here and on the other instances, once the caller's unit commits. */
    async invalidateEveryone() {
      await whenCommitted(async () => {
        cache.clear();
        await deps.pubsub.publish(CLIENTS_CHANGED_CHANNEL, {});
      });
    },

    /** The surveys module's finder of mandatory surveys (the session says none until one is set). */
    useMandatorySurveys(finder: MandatorySurveyFinder) {
      mandatorySurvey = finder;
      cache.clear();
    },

    /** A client's inline logo as bytes and type, for GET /api/clients/:id/logo. */
    async clientLogo(clientId: number) {
      const logoUrl = await repo.clientLogoUrl(clientId);
      const match = logoUrl && /^data:([\w/+.-]+);base64,(.*)$/.exec(logoUrl);
      if (!match) throw new AppError('NOT_FOUND', 404);
      return { type: match[1]!, data: Buffer.from(match[2]!, 'base64') };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
