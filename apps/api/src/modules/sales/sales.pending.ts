import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { PendingSalesPort } from '../loyalty/loyalty.port';

/**
 * The sales module's answer to the loyalty program's question "which of these members still have sales
 * waiting for the audit in this campaign" (the level-change approvals wait for 0). One indexed count;
 * reads through the app's `db`, so it joins the caller's unit of work.
 */
export function createPendingSalesPort(db: DbOrTx): PendingSalesPort {
  return {
    async pendingSales(clientId, campaignId, userIds) {
      const counts = new Map<number, number>();
      if (userIds.length === 0) return counts;
      const list = sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = rowsOf<{ user_id: number; n: number }>(
        await db.execute(sql`select user_id, count(*)::int as n from sales
          where client_id = ${clientId} and campaign_id = ${campaignId} and status = 'pending'
            and user_id in (${list})
          group by user_id`),
      );
      for (const r of rows) counts.set(Number(r.user_id), Number(r.n));
      return counts;
    },
  };
}
