import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { languages } from '../../db/schema/core';
import { inboxMessages } from '../../db/schema/profile';
import { users } from '../../db/schema/users';

/** Writes of the inbox; the profile area reads it (list, unread count, marking read). */
export const inboxRepo = {
  async languageOf(db: DbOrTx, userId: number): Promise<string | null> {
    const [row] = await db
      .select({ code: languages.code })
      .from(users)
      .innerJoin(languages, eq(languages.id, users.languageId))
      .where(eq(users.id, userId));
    return row?.code ?? null;
  },

  async insert(db: DbOrTx, row: { userId: number; clientId: number; title: string; body: string }) {
    const [created] = await db.insert(inboxMessages).values(row).returning({ id: inboxMessages.id });
    return created!.id;
  },
};
