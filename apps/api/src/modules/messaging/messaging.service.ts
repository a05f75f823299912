import type { LanguageCode } from '@trilha/contracts/session';
import type { Db, DbOrTx } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import type { JobQueue } from '../../jobs/job-queue';
import type { outbox } from '../../db/schema/accounts';
import { AppError } from '../../lib/errors';
import type { EmailTransport, TextProvider } from './providers';
import type { CapturedMessage } from './capture';
import type { Reachability } from './reachability';
import type { UserDirectory } from '../users/user-directory';
import { createMessagingRepo } from './messaging.repo';
import type { Sealer } from './sealed';
import { isTemplateName, maskSecrets, renderTemplate, textToHtml, type TemplateName } from './templates';

export type MessageChannel = 'email' | 'sms' | 'whatsapp';

declare module '../../jobs/job-queue' {
  interface JobPayloads {
    /** Delivers one outbox message; its texts (links and codes included) travel sealed, never readable. */
    'messaging.send': { outboxId: number; sealed: string };
  }
}

export interface SendMessage {
  channel: MessageChannel;
  /** E-mail address, or phone number in E.164 form (+5511987654321) for SMS and WhatsApp. */
  to: string;
  /** One of `templateNames` (templates.ts). */
  template: TemplateName | (string & {});
  /** Values of the template's `{{placeholders}}`. */
  params: Record<string, string | number>;
  lang: LanguageCode;
  /** The user the message is about (kept in the outbox; its client scopes the back office's view). */
  userId?: number;
  /**
   * The client the message is sent for (the back office of that client lists it). Without it, the
   * message belongs to the user's only client, or to none (superusers only) when the user has several:
   * never to whichever client the recipient happens to have selected.
   */
  clientId?: number | null;
}

export interface OutboxEntry {
  id: number;
  clientId: number | null;
  userId: number | null;
  channel: MessageChannel;
  /** The recipient (also as `recipient`). */
  to: string;
  recipient: string;
  template: string;
  subject: string | null;
  /** The text with its secrets (links, codes) hidden: the outbox never keeps them readable. */
  body: string;
  /** 'queued' until its job delivers it ('sent') or gives up after the last try ('failed'). */
  status: 'queued' | 'sent' | 'failed';
  /** Why the last try failed (kept while it is retried). */
  error: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface OutboxQuery {
  page?: number;
  pageSize?: number;
  channel?: MessageChannel | string;
  /** Part of the recipient, subject or body. */
  search?: string;
  /** Only the messages of this client (the back office passes the admin's client; superusers none). */
  clientId?: number;
  /** Only the messages about this user. */
  userId?: number;
}

export interface OutboxPage {
  items: OutboxEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Messaging (feature 'messaging'): records every message in the `outbox` table and queues its delivery
 * (e-mail over SMTP with nodemailer, SMS and WhatsApp through a provider port) as a durable job, so a
 * request never waits on a mail server or an SMS provider. The rule a request follows is in
 * docs/messaging.md.
 */
export interface MessagingService {
  /**
   * Renders the template in `lang`, records the message in the outbox (status 'queued', secrets hidden)
   * and queues its delivery, both in `tx` when given (they exist only if it commits), else in a
   * transaction of their own. The channel's provider is checked first: when it takes no connection the
   * row is recorded 'failed' and AppError MESSAGE_NOT_SENT (502) is thrown. BAD_REQUEST for an unknown
   * template. Delivery itself happens in the job: retried with back-off, the row ends 'sent' or 'failed'.
   */
  send(message: SendMessage, options?: { tx?: DbOrTx }): Promise<OutboxEntry>;
  /**
   * Delivers, here and now, the queued messages that are due (for an instance without job workers, such
   * as the test apps, which call it once a request is answered). Answers how many send jobs ran.
   */
  deliverQueued(): Promise<number>;
  /** The outbox, newest first, for the back office: who got what, when, and whether it was delivered. */
  listOutbox(query?: OutboxQuery): Promise<OutboxPage>;
}

/** Tries of a send job: the first and this many retries, 30 s apart and doubling (about 15 minutes in all). */
export const SEND_RETRY_LIMIT = 5;
export const SEND_RETRY_DELAY_SECONDS = 30;

export interface MessagingDeps {
  db: Db;
  /** A message's client when the caller gives none: the user's only one, read through the users module. */
  users: Pick<UserDirectory, 'onlyClientOf'>;
  jobs: JobQueue;
  email: EmailTransport;
  sms: TextProvider;
  whatsapp: TextProvider;
  mailFrom: string;
  /** Seals the texts a send job carries (sealed.ts): the job table holds no readable link or code. */
  sealer: Sealer;
  /** Checks the channel's provider before a message is queued (reachability.ts). */
  reachability: Pick<Reachability, 'check' | 'distrust'>;
  /** Keeps the recipient's copy outside production (capture.ts); absent in production. */
  capture?: (message: CapturedMessage) => Promise<void>;
  log: (msg: string, err: unknown) => void;
}

function toEntry(row: typeof outbox.$inferSelect): OutboxEntry {
  return {
    id: row.id,
    clientId: row.clientId,
    userId: row.userId,
    channel: row.channel as MessageChannel,
    to: row.recipient,
    recipient: row.recipient,
    template: row.template,
    subject: row.subject,
    body: row.body,
    status: row.status as OutboxEntry['status'],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export function createMessagingService(deps: MessagingDeps): MessagingService {
  const { db } = deps;
  const repo = createMessagingRepo(db);
  // Until this instance queues a message, `deliverQueued` has nothing of its own to run and asks nothing.
  let queuedHere = false;

  async function clientOf(message: SendMessage, tx: DbOrTx): Promise<number | null> {
    if (message.clientId !== undefined) return message.clientId;
    if (!message.userId) return null;
    return deps.users.onlyClientOf(message.userId, tx);
  }

  async function deliver(channel: MessageChannel, to: string, subject: string, body: string) {
    switch (channel) {
      case 'email':
        await deps.email.send({ from: deps.mailFrom, to, subject, text: body, html: textToHtml(body) });
        return;
      case 'sms':
        await deps.sms.send({ to, body });
        return;
      case 'whatsapp':
        await deps.whatsapp.send({ to, body });
        return;
    }
  }

  deps.jobs.define({
    name: 'messaging.send',
    retryLimit: SEND_RETRY_LIMIT,
    retryDelaySeconds: SEND_RETRY_DELAY_SECONDS,
    expireInSeconds: 120,
    concurrency: 4,
    /**
     * Delivers one outbox message. At least once: a message already 'sent' is left alone, so a job run
     * twice (a lost completion) sends once; a 'failed' one (its job sent back from the dead letters)
     * is tried again.
     */
    async handler({ outboxId, sealed }, job) {
      const row = await repo.findOutbox(outboxId);
      if (!row || row.status === 'sent') return;
      const channel = row.channel as MessageChannel;
      try {
        const content = deps.sealer.open(sealed);
        await deliver(channel, row.recipient, content.subject, content.body);
        await deps.capture?.({
          channel,
          to: row.recipient,
          template: row.template,
          subject: channel === 'email' ? content.subject : null,
          body: content.body,
          sentAt: new Date().toISOString(),
        });
      } catch (err) {
        // The last try moves the job to the dead letters: the row says so.
        const last = job.retryCount >= SEND_RETRY_LIMIT;
        deps.reachability.distrust(channel);
        await repo.updateOutbox(outboxId, {
          status: last ? 'failed' : 'queued',
          error: errorText(err),
          attempts: job.retryCount + 1,
        });
        deps.log(last ? 'message not delivered, giving up' : 'message not delivered, will retry', err);
        throw err;
      }
      await repo.updateOutbox(outboxId, { status: 'sent', error: null, attempts: job.retryCount + 1 });
    },
  });

  return {
    async send(message, options = {}) {
      if (!isTemplateName(message.template)) throw new AppError('BAD_REQUEST', 400);
      const { subject, body } = renderTemplate(message.template, message.lang, message.params);
      const masked = renderTemplate(
        message.template,
        message.lang,
        maskSecrets(message.template, message.params),
      );
      const unreachable = await deps.reachability.check(message.channel);
      const write = async (tx: DbOrTx) => {
        const row = await createMessagingRepo(tx).insertOutbox({
          clientId: await clientOf(message, tx),
          userId: message.userId ?? null,
          channel: message.channel,
          recipient: message.to,
          template: message.template,
          subject: message.channel === 'email' ? masked.subject : null,
          body: masked.body,
          status: unreachable ? 'failed' : 'queued',
          error: unreachable,
        });
        if (!unreachable) {
          await deps.jobs.send(
            'messaging.send',
            { outboxId: row.id, sealed: deps.sealer.seal({ subject, body }) },
            { tx },
          );
        }
        return row;
      };
      const row = options.tx ? await write(options.tx) : await unitOfWork(db).run(write);
      if (unreachable) {
        deps.log('message not sent', new Error(unreachable));
        throw new AppError('MESSAGE_NOT_SENT', 502);
      }
      queuedHere = true;
      return toEntry(row);
    },

    async deliverQueued() {
      return queuedHere ? deps.jobs.runQueued('messaging.send') : 0;
    },

    async listOutbox(query = {}) {
      const page = Math.max(1, Math.floor(query.page ?? 1));
      const pageSize = Math.min(100, Math.max(1, Math.floor(query.pageSize ?? 20)));
      const search = query.search?.trim();
      const { rows, total } = await repo.listOutbox(
        {
          ...(query.channel ? { channel: query.channel } : {}),
          ...(query.clientId !== undefined ? { clientId: query.clientId } : {}),
          ...(query.userId !== undefined ? { userId: query.userId } : {}),
          ...(search ? { search } : {}),
        },
        pageSize,
        (page - 1) * pageSize,
      );
      return { items: rows.map(toEntry), total, page, pageSize };
    },
  };
}
