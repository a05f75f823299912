import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** Delivers one e-mail; throws when the server refuses it or cannot be reached. */
export interface EmailTransport {
  send(mail: { from: string; to: string; subject: string; text: string; html: string }): Promise<void>;
}

/** Delivers one short text message (SMS or WhatsApp); throws when the provider refuses it. */
export interface TextProvider {
  readonly name: string;
  send(message: { to: string; body: string }): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise nodemailer's JSON transport, which renders the message without
 * sending it (development and tests without a mail server read the captured copy, capture.ts).
 */
export function createEmailTransport(config: Pick<Config, 'SMTP_URL'>): EmailTransport {
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}

/** 'log' sends nothing (outside production the captured copy is the mailbox); 'http' posts `{ channel, to, body }` as JSON to the provider. */
export function createTextProvider(
  channel: 'sms' | 'whatsapp',
  kind: 'log' | 'http',
  url: string | undefined,
  token: string | undefined,
): TextProvider {
  if (kind === 'log' || !url) {
    return { name: 'log', send: async () => {} };
  }
  return {
    name: 'http',
    async send({ to, body }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ channel, to, body }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`${channel} provider answered ${response.status}`);
    },
  };
}
