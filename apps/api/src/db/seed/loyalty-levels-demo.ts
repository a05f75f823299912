import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { createLevelsService } from '../../modules/loyalty/loyalty-levels.service';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { loyaltyCampaigns, loyaltyStores } from '../schema/loyalty';
import { users } from '../schema/users';
import { workerEmail } from './e2e-worker-accounts';
import type { Seeder } from './run-seeders';

/**
 * Level-change requests waiting for Nimbus Tech's program administrator (docs/loyalty.md, "Demo data"):
 * the demo learner (Creator) has 3,150 XP in the running group 1 campaign, past Influencer's 3,000, so a
 * request to Influencer waits. The XP is credited as approved sales credit it (source `sale`, the
 * campaign as reference), and the request is opened by the levels service as an approval opens it.
 * Nobody is told (no inbox message) while seeding.
 */

async function nimbus(db: Db) {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'nimbus'));
  if (!client) return null;
  const now = new Date();
  // The running group 1 campaign, as the loyalty demo made it.
  const [running] = await db
    .select({ id: loyaltyCampaigns.id })
    .from(loyaltyCampaigns)
    .where(
      and(
        eq(loyaltyCampaigns.clientId, client.id),
        eq(loyaltyCampaigns.countryGroup, 1),
        lte(loyaltyCampaigns.beginsAt, now),
        gt(loyaltyCampaigns.endsAt, now),
      ),
    )
    .orderBy(asc(loyaltyCampaigns.id))
    .limit(1);
  const [paulista] = await db
    .select({ id: loyaltyStores.id })
    .from(loyaltyStores)
    .where(and(eq(loyaltyStores.clientId, client.id), eq(loyaltyStores.code, 'BR-CD-001')));
  if (!running || !paulista) return null;
  return { clientId: client.id, campaignId: running.id, storeId: paulista.id };
}

function levelsOf(db: Db) {
  const ledger = createLedgerService({ db });
  return {
    ledger,
    levels: createLevelsService({
      db,
      now: () => new Date(),
      earnings: ledger,
      expiry: ledger,
      pendingSales: { pendingSales: () => Promise.resolve(new Map()) },
      notifications: { notify: () => Promise.resolve(0) },
    }),
  };
}

/** Credits the member's XP in the campaign and opens the request it reaches. */
async function waitingRequest(
  db: Db,
  place: { clientId: number; campaignId: number },
  userId: number,
  xp: number,
) {
  const { ledger, levels } = levelsOf(db);
  await ledger.credit({
    clientId: place.clientId,
    userId,
    points: 0,
    xp,
    source: 'sale',
    refType: 'loyalty_campaign',
    refId: place.campaignId,
    refLabel: 'NF 000184',
    reason: null,
    idempotencyKey: `demo-level-xp:${place.campaignId}`,
  });
  await levels.xpCredited({ clientId: place.clientId, userId, campaignId: place.campaignId });
}

async function seedLevelRequests(db: Db) {
  const place = await nimbus(db);
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'learner@demo.example'));
  if (!place || !learner) return;
  await waitingRequest(db, place, learner.id, 3150);
}

export const loyaltyLevelsDemoSeeder: Seeder = { name: 'loyalty-levels-demo', run: seedLevelRequests };

/**
 * Each browser-journey worker's learner copy (which has no history of its own) gets its own waiting
 * request, so a journey that approves it changes nothing another worker sees: registered at Casa Digital
 * Paulista in the running group 1 campaign with 1,200 XP there, past Creator's 1,000, at the Basic level.
 * Registered after the worker accounts, only when E2E_WORKER_ACCOUNTS is set.
 */
export function e2eWorkerLevelSeeders(count: number = loadConfig().E2E_WORKER_ACCOUNTS): Seeder[] {
  if (!count) return [];
  return [
    {
      name: `e2e-worker-levels-${count}`,
      async run(db) {
        const place = await nimbus(db);
        if (!place) return;
        for (let worker = 0; worker < count; worker++) {
          const [copy] = await db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, workerEmail('learner', worker)));
          if (!copy) continue;
          await db.execute(sql`insert into loyalty_registrations (client_id, user_id, campaign_id, store_id)
            values (${place.clientId}, ${copy.id}, ${place.campaignId}, ${place.storeId})
            on conflict (client_id, user_id, campaign_id) do nothing`);
          await waitingRequest(db, place, copy.id, 1200);
        }
      },
    },
  ];
}
