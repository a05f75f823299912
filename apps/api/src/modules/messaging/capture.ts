import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A message as its recipient got it, secrets included (development and test capture only). */
export interface CapturedMessage {
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  template: string;
  subject: string | null;
  body: string;
  /** ISO 8601. */
  sentAt: string;
}

/** The folder under DATA_DIR where development and test runs keep the recipient's copy of each message. */
export const captureDir = (dataDir: string) => path.join(dataDir, 'mail-capture');

/**
 * Outside production every message is also written, whole, to `DATA_DIR/mail-capture/` as one JSON file:
 * the developer's and the tests' mailbox. The outbox that staff read keeps secrets hidden, so this
 * folder (readable only by whoever already holds the server's data folder) is the one place a
 * development run shows a password link or a code without a mail server or SMS provider.
 */
export function createMessageCapture(dir: string) {
  let seq = 0;
  return async (message: CapturedMessage) => {
    await mkdir(dir, { recursive: true });
    // Sortable names: time, then a counter for messages of the same millisecond.
    const name = `${Date.now().toString().padStart(15, '0')}-${String(seq++ % 1e6).padStart(6, '0')}.json`;
    // Written under a temporary name, then renamed: a reader listing `*.json` never opens a half-written
    // file (the browser journeys read this folder while other workers' messages are being written).
    const temporary = path.join(dir, `${name}.tmp`);
    await writeFile(temporary, JSON.stringify(message), { mode: 0o600 });
    await rename(temporary, path.join(dir, name));
  };
}

/** The captured messages to an address or phone, newest first. */
export async function readCaptured(dir: string, to?: string): Promise<CapturedMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const messages = await Promise.all(
    names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse()
      .map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as CapturedMessage),
  );
  return to === undefined ? messages : messages.filter((m) => m.to === to);
}
