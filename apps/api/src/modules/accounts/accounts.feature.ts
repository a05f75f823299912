import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/core';
import type { Feature } from '../../features';
import type { MessagingService } from '../messaging/messaging.service';
import { createAccountsService, type AccountsService } from './accounts.service';
import { createLinkSigner } from './links';

/** The key that signs password links and hashes codes: generated once and shared by every instance. */
async function resolveLinkSecret(db: Db): Promise<string> {
  const key = 'accounts_link_secret';
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error('accounts link secret missing');
  return row.value;
}

/** Accounts: registration, first access, password links and codes, approval, Google and webservice sign-in. */
export const accountsFeature: Feature = {
  name: 'accounts',
  async register(_app, deps): Promise<AccountsService> {
    const messaging = deps.features.messaging as MessagingService | undefined;
    if (!messaging) throw new Error("the 'accounts' feature needs 'messaging' registered before it");
    const { config } = deps;
    const signer = createLinkSigner(await resolveLinkSecret(deps.db));
    return createAccountsService({
      db: deps.db,
      auth: deps.services.auth,
      sessions: deps.services.sessions,
      messaging,
      signer,
      publicUrl: config.PUBLIC_URL,
      linkTtlHours: config.PASSWORD_LINK_TTL_HOURS,
      codeTtlSeconds: config.CODE_TTL_SECONDS,
      codeMaxAttempts: config.CODE_MAX_ATTEMPTS,
      phoneCooldownSeconds: config.PHONE_COOLDOWN_SECONDS,
    });
  },
};
