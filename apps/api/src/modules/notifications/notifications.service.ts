import type { NotificationData, NotificationKind } from '@trilha/contracts/notifications';
import {
  defaultNotificationPreferences,
  notificationEmailGroupOf,
  notificationEmailGroups,
  type NotificationPreferences,
} from '@trilha/contracts/notification-preferences';
import { languageCodes, type LanguageCode } from '@trilha/contracts/session';
import ptBR from '@trilha/i18n/locales/pt-BR/profile.json' with { type: 'json' };
import enUS from '@trilha/i18n/locales/en-US/profile.json' with { type: 'json' };
import es from '@trilha/i18n/locales/es/profile.json' with { type: 'json' };
import fr from '@trilha/i18n/locales/fr/profile.json' with { type: 'json' };
import type { Db, DbOrTx } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import type { JobQueue } from '../../jobs/job-queue';
import { fillPlaceholders } from '../../lib/messages';
import type { PubSub } from '../../lib/pubsub';
import type { UserDirectory } from '../users/user-directory';
import { inboxRepo } from './inbox.repo';
import { createPreferencesRepo } from './preferences.repo';

declare module '../../jobs/job-queue' {
  interface DomainEvents {
    /** An inbox message was written for a user in a client. */
    'notifications.created': { userId: number; clientId: number; messageId: number };
  }
  interface JobPayloads {
    /** E-mails one inbox message to a user who wants its group by e-mail (notification-emails.ts). */
    'notifications.email': { userId: number; clientId: number; messageId: number };
  }
}

/** A kind's texts sit at its dotted path (`account.approved` → notifications.account.approved). */
type Texts = { [area: string]: { [event: string]: { title: string; body: string } } };
const catalogs: Record<LanguageCode, Texts> = {
  'pt-BR': ptBR.notifications,
  'en-US': enUS.notifications,
  es: es.notifications,
  fr: fr.notifications,
};

/** The pub/sub channel of a user's open tabs, on every instance. */
export const inboxChannel = (userId: number) => `realtime:user:${userId}`;

export interface NotificationService {
  /**
   * Tells a user something in a client: writes the inbox message in the user's language and, once the
   * caller's transaction commits, pushes it to the user's open tabs on every instance. When the user wants
   * the kind's group by e-mail, the e-mail's job is queued in that same transaction (a rollback sends
   * nothing).
   */
  notify<K extends NotificationKind>(
    input: { userId: number; clientId: number; kind: K; data: NotificationData[K] },
    options?: { tx?: DbOrTx },
  ): Promise<number>;
  /** The user's e-mail choices in a client, every group present (never chosen: no e-mail). */
  preferences(userId: number, clientId: number): Promise<NotificationPreferences>;
  /** Saves the user's e-mail choices in a client and answers them. */
  savePreferences(
    userId: number,
    clientId: number,
    preferences: NotificationPreferences,
  ): Promise<NotificationPreferences>;
}

export function createNotificationService(deps: {
  db: Db;
  jobs: JobQueue;
  pubsub: PubSub;
  /** The recipient's language, read through the users module. */
  users: Pick<UserDirectory, 'languageOf'>;
}): NotificationService {
  deps.jobs.on({
    event: 'notifications.created',
    name: 'push-to-tabs',
    retryLimit: 2,
    async handler({ userId, clientId }) {
      await deps.pubsub.publish(inboxChannel(userId), { type: 'inbox', clientId });
    },
  });

  async function preferences(userId: number, clientId: number): Promise<NotificationPreferences> {
    const email = { ...defaultNotificationPreferences.email };
    for (const row of await createPreferencesRepo(deps.db, clientId).choices(userId)) {
      if ((notificationEmailGroups as readonly string[]).includes(row.group)) {
        email[row.group as keyof typeof email] = row.email;
      }
    }
    return { email };
  }

  return {
    async notify({ userId, clientId, kind, data }, options = {}) {
      const write = async (tx: DbOrTx) => {
        const stored = await deps.users.languageOf(userId, tx);
        const lang = languageCodes.find((c) => c === stored) ?? 'pt-BR';
        const [area = '', event = ''] = kind.split('.');
        const texts = catalogs[lang][area]?.[event] ?? catalogs['pt-BR'][area]![event]!;
        const messageId = await inboxRepo.insert(tx, {
          userId,
          clientId,
          title: fillPlaceholders(texts.title, data),
          body: fillPlaceholders(texts.body, data),
        });
        await deps.jobs.emit('notifications.created', { userId, clientId, messageId }, { tx });
        const group = notificationEmailGroupOf[kind];
        if (group && (await createPreferencesRepo(tx, clientId).wantsEmail(userId, group))) {
          await deps.jobs.send('notifications.email', { userId, clientId, messageId }, { tx });
        }
        return messageId;
      };
      return options.tx ? write(options.tx) : unitOfWork(deps.db).run(write);
    },

    preferences,

    async savePreferences(userId, clientId, chosen) {
      await unitOfWork(deps.db).run(async (tx) => {
        await createPreferencesRepo(tx, clientId).save(
          userId,
          notificationEmailGroups.map((group) => ({ group, email: chosen.email[group] })),
        );
      });
      return preferences(userId, clientId);
    },
  };
}
