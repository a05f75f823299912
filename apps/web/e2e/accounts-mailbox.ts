import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

interface CapturedMessage {
  channel: string;
  to: string;
  template: string;
  subject: string | null;
  body: string;
}

/**
 * The recipient's copy of the messages the server sent: outside production it writes each one, secrets
 * included, to DATA_DIR/mail-capture (the back office's outbox hides links and codes). The runner puts
 * the server's data folder in E2E_DATA_DIR (playwright.config.ts).
 */
async function captured(): Promise<CapturedMessage[]> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail-capture');
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse();
  return Promise.all(
    files.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as CapturedMessage),
  );
}

/** The body of the newest message of a template sent to an address or phone, waiting for it to arrive. */
export async function lastMessage(to: string, template: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      body = (await captured()).find((m) => m.to === to && m.template === template)?.body ?? '';
      return body;
    })
    .not.toBe('');
  return body;
}
