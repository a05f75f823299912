import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/db/client';
import type { BenchLedgerData } from './seed-bench';

export interface BenchStoreData {
  clientId: number;
  items: number;
  /** Items of the redemption row: a large stock, in a category with a maximum per user. */
  redeemItemIds: number[];
  learnerIds: number[];
}

/** A trusted integer written into the statement (a parameter would be typed text in these expressions). */
const n = (x: number) => sql.raw(String(Math.trunc(x)));
const t = (pt: string) => sql`jsonb_build_object('pt-BR', ${pt}::text, 'en-US', ${pt}::text || ' (en)')`;

/**
 * The bench client's store: two departments, four categories (one with a maximum of 1,000 units per user
 * in 30 days, so every redemption counts it) and `items` items with prices from 50 to 5,000 points, a
 * twentieth of them with three sizes, a few with an audience or a level. The ledger seed gives the users
 * their points.
 */
export async function seedBenchStore(
  db: Db,
  ledger: BenchLedgerData,
  items: number,
): Promise<BenchStoreData> {
  const clientId = ledger.clientId;
  const [dep1, dep2] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into store_departments (client_id, name, position)
      values (${n(clientId)}, ${t('Tecnologia')}, 0), (${n(clientId)}, ${t('Casa')}, 1) returning id`),
  ).map((r) => Number(r.id));
  const cats = rowsOf<{ id: number }>(
    await db.execute(sql`insert into store_categories (client_id, name, max_per_user, period_days)
      values (${n(clientId)}, ${t('Áudio')}, 1000, 30), (${n(clientId)}, ${t('Vestuário')}, null, null),
        (${n(clientId)}, ${t('Vales')}, 3, 90), (${n(clientId)}, ${t('Cozinha')}, null, null) returning id`),
  ).map((r) => Number(r.id));
  await db.execute(sql`
    insert into store_items (client_id, department_id, category_id, title, description, image_url, gallery,
      price, stock, has_variants, kind, redeemed, audience_roles)
    select ${n(clientId)}, case when i % 2 = 0 then ${n(dep1!)} else ${n(dep2!)} end,
      (array[${n(cats[0]!)}, ${n(cats[1]!)}, ${n(cats[2]!)}, ${n(cats[3]!)}])[1 + i % 4],
      jsonb_build_object('pt-BR', 'Prêmio ' || i || ' ' || (array['fone', 'caneca', 'mochila', 'camiseta', 'garrafa'])[1 + i % 5],
        'en-US', 'Reward ' || i),
      jsonb_build_object('pt-BR', 'Descrição do prêmio ' || i),
      '/bench/' || i || '.webp', array['/bench/' || i || '-2.webp'],
      50 + (i * 37) % 4951, case when i % 20 = 0 then 0 else 1000 + i % 50 end, i % 20 = 0, 'physical',
      (i * 7919) % 500,
      case when i % 50 = 1 then array['promoter'] else '{}'::text[] end
    from generate_series(1, ${n(items)}) as i`);
  await db.execute(sql`
    insert into store_variants (client_id, item_id, label, stock)
    select ${n(clientId)}, x.id, jsonb_build_object('pt-BR', s), 50
    from store_items x cross join unnest(array['P', 'M', 'G']) as s
    where x.client_id = ${n(clientId)} and x.has_variants`);
  // The redemption row's items: plenty of stock, in the category with a maximum.
  const redeemItemIds = rowsOf<{ id: number }>(
    await db.execute(sql`insert into store_items (client_id, department_id, category_id, title, description,
        price, stock, kind)
      select ${n(clientId)}, ${n(dep1!)}, ${n(cats[0]!)}, jsonb_build_object('pt-BR', 'Resgate ' || i),
        '{}'::jsonb, 1, 1000000, 'physical'
      from generate_series(1, 20) as i returning id`),
  ).map((r) => Number(r.id));
  await db.execute(sql`analyze store_items`);
  await db.execute(sql`analyze store_variants`);
  return { clientId, items: items + redeemItemIds.length, redeemItemIds, learnerIds: ledger.learnerIds };
}
