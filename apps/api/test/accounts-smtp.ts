import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The text part, decoded (quoted-printable soft breaks joined). */
  text: string;
}

/** Decodes a quoted-printable body enough for our plain-text mails. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function textPartOf(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
    raw,
  );
  const body = part?.[1] ?? raw;
  const headerBlock = raw.slice(0, raw.indexOf(body));
  if (/Content-Transfer-Encoding: base64/i.test(headerBlock.slice(-300))) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return decodeQuotedPrintable(body);
}

function decodeSubject(raw: string): string {
  const line = /^Subject: ((?:.*)(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

/** A real SMTP server on a free local port; every message it accepts lands in `mails`. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeSubject(raw),
          text: textPartOf(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The last mail sent to an address (waits up to 5 s for it). */
    async lastTo(address: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = [...mails]
          .reverse()
          .find((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of a mail's text that goes to the given path prefix, as a path. */
export function linkIn(text: string, prefix: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${prefix}[^\\s]*)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${prefix} link in:\n${text}`);
  return match[1];
}
