import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/accounts';
import { userClients } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import type { EmailTransport, TextProvider } from './providers';
import type { CapturedMessage } from './capture';
import { isTemplateName, maskSecrets, renderTemplate, textToHtml, type TemplateName } from './templates';

export type MessageChannel = 'email' | 'sms' | 'whatsapp';

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
  status: 'sent' | 'failed';
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
 * Messaging (feature 'messaging'): delivers e-mail over SMTP (nodemailer) and SMS/WhatsApp through a
 * provider port, and records every message in the `outbox` table in every environment.
 */
export interface MessagingService {
  /**
   * Renders the template in `lang`, delivers it and records it in the outbox (status 'sent' or 'failed').
   * Throws AppError MESSAGE_NOT_SENT (502) when delivery fails — the failed row is recorded first — and
   * BAD_REQUEST for an unknown template.
   */
  send(message: SendMessage): Promise<OutboxEntry>;
  /** The outbox, newest first, for the back office: who got what, when, and whether it was delivered. */
  listOutbox(query?: OutboxQuery): Promise<OutboxPage>;
}

export interface MessagingDeps {
  db: Db;
  email: EmailTransport;
  sms: TextProvider;
  whatsapp: TextProvider;
  mailFrom: string;
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
    status: row.status as 'sent' | 'failed',
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createMessagingService(deps: MessagingDeps): MessagingService {
  const { db } = deps;

  async function clientOf(message: SendMessage): Promise<number | null> {
    if (message.clientId !== undefined) return message.clientId;
    if (!message.userId) return null;
    const rows = await db
      .select({ clientId: userClients.clientId })
      .from(userClients)
      .where(eq(userClients.userId, message.userId))
      .limit(2);
    return rows.length === 1 ? rows[0]!.clientId : null;
  }

  async function deliver(message: SendMessage, subject: string, body: string) {
    switch (message.channel) {
      case 'email':
        await deps.email.send({
          from: deps.mailFrom,
          to: message.to,
          subject,
          text: body,
          html: textToHtml(body),
        });
        return;
      case 'sms':
        await deps.sms.send({ to: message.to, body });
        return;
      case 'whatsapp':
        await deps.whatsapp.send({ to: message.to, body });
        return;
    }
  }

  return {
    async send(message) {
      if (!isTemplateName(message.template)) throw new AppError('BAD_REQUEST', 400);
      const { subject, body } = renderTemplate(message.template, message.lang, message.params);
      const masked = renderTemplate(
        message.template,
        message.lang,
        maskSecrets(message.template, message.params),
      );
      let error: string | null = null;
      try {
        await deliver(message, subject, body);
        await deps.capture?.({
          channel: message.channel,
          to: message.to,
          template: message.template,
          subject: message.channel === 'email' ? subject : null,
          body,
          sentAt: new Date().toISOString(),
        });
      } catch (err) {
        error = err instanceof Error ? err.message.slice(0, 500) : String(err);
        deps.log('message not delivered', err);
      }
      const [row] = await db
        .insert(outbox)
        .values({
          clientId: await clientOf(message),
          userId: message.userId ?? null,
          channel: message.channel,
          recipient: message.to,
          template: message.template,
          subject: message.channel === 'email' ? masked.subject : null,
          body: masked.body,
          status: error ? 'failed' : 'sent',
          error,
        })
        .returning();
      if (error) throw new AppError('MESSAGE_NOT_SENT', 502);
      return toEntry(row!);
    },

    async listOutbox(query = {}) {
      const page = Math.max(1, Math.floor(query.page ?? 1));
      const pageSize = Math.min(100, Math.max(1, Math.floor(query.pageSize ?? 20)));
      const conditions: (SQL | undefined)[] = [];
      if (query.channel) conditions.push(eq(outbox.channel, query.channel));
      if (query.clientId !== undefined) conditions.push(eq(outbox.clientId, query.clientId));
      if (query.userId !== undefined) conditions.push(eq(outbox.userId, query.userId));
      const search = query.search?.trim();
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(ilike(outbox.recipient, like), ilike(outbox.subject, like), ilike(outbox.body, like)),
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(outbox).where(where),
      ]);
      return { items: rows.map(toEntry), total: total?.n ?? 0, page, pageSize };
    },
  };
}
