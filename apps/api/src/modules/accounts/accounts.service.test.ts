import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { login } from '../../../test/http';
import { lastMessageTo } from '../../../test/accounts-helpers';
import type { MessagingService } from '../messaging/messaging.service';
import type { AccountsService } from './accounts.service';

let t: TestApp;
let accounts: AccountsService;
let messaging: MessagingService;
let clientId: number;

beforeAll(async () => {
  t = await buildTestApp({ PHONE_COOLDOWN_SECONDS: '300', CODE_MAX_ATTEMPTS: '3' });
  accounts = t.modules.accounts;
  messaging = t.modules.messaging;
  clientId = (await createClient(t.database.db)).id;
});
afterAll(() => t.close());

/** The code as the phone got it (the outbox hides it): the development capture. */
const lastCode = async (userId: number) => {
  const page = await messaging.listOutbox({ userId });
  const sent = await lastMessageTo(t, page.items[0]!.to);
  return /(\d{6})/.exec(sent.body)![1]!;
};

describe('codes by SMS and WhatsApp', () => {
  it('sends a phone code, starts the cooldown and verifies the phone', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], phone: '+5511987654321' });
    const issued = await accounts.issueCode(user.id, 'phone_verify', 'whatsapp');
    expect(issued.sentTo).toBe('+55 *******4321');
    expect(issued.cooldown.durationSeconds).toBe(300);
    expect(Date.parse(issued.cooldown.startedAt!)).toBeGreaterThan(Date.now() - 10_000);
    const page = await messaging.listOutbox({ userId: user.id });
    expect(page.items[0]).toMatchObject({
      channel: 'whatsapp',
      to: '+5511987654321',
      template: 'phone_verification_code',
    });

    await expect(accounts.issueCode(user.id, 'phone_verify', 'sms')).rejects.toMatchObject({
      code: 'ACCOUNTS_PHONE_COOLDOWN',
      status: 429,
    });

    await accounts.verifyCode(user.id, 'phone_verify', await lastCode(user.id));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phoneVerified).toBe(true);
  });

  it('refuses a user without a phone', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    await expect(accounts.issueCode(user.id, 'recover', 'sms')).rejects.toMatchObject({
      code: 'ACCOUNTS_NO_PHONE',
    });
  });

  it('allows few tries, then refuses even the right code', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], phone: '+5511911112222' });
    await accounts.issueCode(user.id, 'recover', 'sms');
    const code = await lastCode(user.id);
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(accounts.verifyCode(user.id, 'recover', wrong)).rejects.toMatchObject({
      code: 'ACCOUNTS_CODE_INVALID',
    });
    await expect(accounts.verifyCode(user.id, 'recover', wrong)).rejects.toMatchObject({
      code: 'ACCOUNTS_CODE_INVALID',
    });
    await expect(accounts.verifyCode(user.id, 'recover', wrong)).rejects.toMatchObject({
      code: 'ACCOUNTS_CODE_TOO_MANY_ATTEMPTS',
    });
    await expect(accounts.verifyCode(user.id, 'recover', code)).rejects.toMatchObject({
      code: 'ACCOUNTS_CODE_TOO_MANY_ATTEMPTS',
    });
  });

  it('refuses an expired code and a code used twice', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], phone: '+5511933334444' });
    await accounts.issueCode(user.id, 'recover', 'sms');
    const code = await lastCode(user.id);
    const result = await accounts.verifyCode(user.id, 'recover', code);
    expect(result.link?.username).toBe(user.username);
    await expect(accounts.verifyCode(user.id, 'recover', code)).rejects.toMatchObject({
      code: 'ACCOUNTS_CODE_INVALID',
    });

    await t.database.db.update(users).set({ phoneCooldownStartedAt: null }).where(eq(users.id, user.id));
    await accounts.issueCode(user.id, 'recover', 'sms');
    await t.database.db.execute(
      sql`update verification_codes set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    await expect(accounts.verifyCode(user.id, 'recover', await lastCode(user.id))).rejects.toMatchObject({
      code: 'ACCOUNTS_CODE_EXPIRED',
    });
  });
});

describe('approval', () => {
  it('activates an account awaiting approval and e-mails a set-password link when it has no password', async () => {
    const user = await createUser(t.database.db, {
      clientIds: [clientId],
      status: 'awaiting_approval',
      passwordHash: null,
    });
    await accounts.approve(user.id);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe('active');
    const page = await messaging.listOutbox({ userId: user.id });
    expect(page.items[0]).toMatchObject({ template: 'set_password', to: user.email });
    expect(page.items[0]!.body).not.toContain(`/set-password/`);
    expect((await lastMessageTo(t, user.email!)).body).toContain(`/set-password/${user.username}/`);
    await expect(accounts.approve(user.id)).rejects.toMatchObject({ code: 'ADMIN_NOT_AWAITING_APPROVAL' });
  });

  it('lets an approved account with a password sign in', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], status: 'awaiting_approval' });
    await expect(login(t, user.username)).rejects.toThrow(/AUTH_AWAITING_APPROVAL/);
    await accounts.approve(user.id);
    await expect(login(t, user.username)).resolves.toHaveProperty('access_token');
    const page = await messaging.listOutbox({ userId: user.id });
    expect(page.items[0]).toMatchObject({ template: 'registration_approved' });
  });
});
