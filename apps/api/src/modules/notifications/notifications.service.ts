import type { NotificationData, NotificationKind } from '@trilha/contracts/notifications';
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

declare module '../../jobs/job-queue' {
  interface DomainEvents {
    /** An inbox message was written for a user in a client. */
    'notifications.created': { userId: number; clientId: number; messageId: number };
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
   * caller's transaction commits, pushes it to the user's open tabs on every instance.
   */
  notify<K extends NotificationKind>(
    input: { userId: number; clientId: number; kind: K; data: NotificationData[K] },
    options?: { tx?: DbOrTx },
  ): Promise<number>;
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
        return messageId;
      };
      return options.tx ? write(options.tx) : unitOfWork(deps.db).run(write);
    },
  };
}
