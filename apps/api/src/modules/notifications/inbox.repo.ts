import type { DbOrTx } from '../../db/client';
import { inboxMessages } from '../../db/schema/profile';

/** Writes of the inbox; the profile area reads it (list, unread count, marking read). */
export const inboxRepo = {
  async insert(db: DbOrTx, row: { userId: number; clientId: number; title: string; body: string }) {
    const [created] = await db.insert(inboxMessages).values(row).returning({ id: inboxMessages.id });
    return created!.id;
  },
};
