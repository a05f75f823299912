import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inboxMessages, notificationEmails, notificationPreferences } from '../../db/schema/profile';
import { tenantScope } from '../../db/tenant-scope';

/** A user's e-mail choices per notification group, and the claims of the e-mails sent, in one client. */
export function createPreferencesRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);
  return {
    /** The groups the user chose, with their choice (a group never chosen has no row). */
    async choices(userId: number): Promise<{ group: string; email: boolean }[]> {
      return db
        .select({ group: notificationPreferences.group, email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(scope.where(notificationPreferences, eq(notificationPreferences.userId, userId)));
    },

    /** Whether the user wants an e-mail for this group. */
    async wantsEmail(userId: number, group: string): Promise<boolean> {
      const [row] = await db
        .select({ email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(
          scope.where(
            notificationPreferences,
            eq(notificationPreferences.userId, userId),
            eq(notificationPreferences.group, group),
          ),
        );
      return row?.email ?? false;
    },

    /** Writes every group's choice (one statement; a second save with the same choices changes nothing). */
    async save(userId: number, choices: { group: string; email: boolean }[]) {
      await db
        .insert(notificationPreferences)
        .values(choices.map((c) => scope.row({ userId, group: c.group, email: c.email })))
        .onConflictDoUpdate({
          target: [
            notificationPreferences.clientId,
            notificationPreferences.userId,
            notificationPreferences.group,
          ],
          set: { email: sql`excluded.email`, updatedAt: sql`now()` },
        });
    },

    /** The inbox message an e-mail job carries, if it is still there. */
    async message(messageId: number, userId: number) {
      const [row] = await db
        .select({ title: inboxMessages.title, body: inboxMessages.body })
        .from(inboxMessages)
        .where(scope.where(inboxMessages, eq(inboxMessages.id, messageId), eq(inboxMessages.userId, userId)));
      return row;
    },

    /**
     * Claims the e-mail of a message: true for the first caller only. Inside the unit that then queues the
     * e-mail, so a rolled-back delivery leaves it unclaimed for the retry.
     */
    async claim(messageId: number): Promise<boolean> {
      const rows = await db
        .insert(notificationEmails)
        .values(scope.row({ messageId }))
        .onConflictDoNothing()
        .returning({ messageId: notificationEmails.messageId });
      return rows.length > 0;
    },

    async setOutbox(messageId: number, outboxId: number) {
      await db
        .update(notificationEmails)
        .set({ outboxId })
        .where(and(scope.where(notificationEmails), eq(notificationEmails.messageId, messageId)));
    },
  };
}
