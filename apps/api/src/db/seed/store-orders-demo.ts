import { and, asc, eq, like } from 'drizzle-orm';
import type { DeliveryAddress, OrderStatus } from '@trilha/contracts/store';
import { loadConfig } from '../../config';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { userClients, users } from '../schema/users';
import type { Seeder } from './run-seeders';
import { demoStoreService } from './store-demo';

/** Where the colleagues' parcels go: real-looking addresses in Brazilian cities. */
const addresses: DeliveryAddress[] = [
  {
    zip: '01310-100',
    street: 'Avenida Paulista',
    number: '1578',
    complement: 'Loja 12',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    country: 'Brasil',
  },
  {
    zip: '30130-010',
    street: 'Avenida Afonso Pena',
    number: '1500',
    complement: '',
    neighborhood: 'Centro',
    city: 'Belo Horizonte',
    state: 'MG',
    country: 'Brasil',
  },
  {
    zip: '80020-310',
    street: 'Rua XV de Novembro',
    number: '700',
    complement: 'Sala 3',
    neighborhood: 'Centro',
    city: 'Curitiba',
    state: 'PR',
    country: 'Brasil',
  },
];

/** The orders of the demo: which item (by its pt-BR title), and how far the back office took it. */
const plan: { item: string; variant?: string; to: OrderStatus }[] = [
  { item: 'Caneca de cerâmica', to: 'delivered' },
  { item: 'Caneca de cerâmica', to: 'shipped' },
  { item: 'Camiseta do programa', variant: 'G', to: 'approved' },
  { item: 'Vale-cinema para dois', to: 'approved' },
  { item: 'Caneca de cerâmica', to: 'awaiting_approval' },
  { item: 'Camiseta do programa', variant: 'G', to: 'reproved' },
  { item: 'Caneca de cerâmica', to: 'awaiting_approval' },
  { item: 'Caneca de cerâmica', to: 'delivered' },
];

/**
 * Orders in every status in Aurora Varejo's store, for the back office's queue and the order timelines:
 * the demo learner's colleagues (the ranking demo's, who have points) redeem through the store service,
 * and the administrator approves, ships, delivers or reproves them through it, as in use. The demo
 * learner's own orders are left to them.
 */
export function createStoreOrdersDemoSeeder(opts: { messageKey?: string } = {}): Seeder {
  return {
    name: 'store-orders-demo',
    async run(db) {
      await seedOrders(db, 'messageKey' in opts ? opts.messageKey : loadConfig().MESSAGE_KEY);
    },
  };
}

export const storeOrdersDemoSeeder = createStoreOrdersDemoSeeder();

async function seedOrders(db: Db, messageKey: string | undefined) {
  const [aurora] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'aurora'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.example'));
  if (!aurora || !admin) return;
  const clientId = aurora.id;
  const store = demoStoreService(db, messageKey);
  const ledger = createLedgerService({ db });
  const staff = { userId: admin.id, clientId };

  const colleagues = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userClients, and(eq(userClients.userId, users.id), eq(userClients.clientId, clientId)))
    .where(like(users.email, '%@aurora.demo.example'))
    .orderBy(asc(users.id));
  const items = (await store.adminItems(clientId, '', 1, 100, 'pt-BR')).items;
  const itemId = (title: string) => items.find((i) => i.title['pt-BR'] === title)?.id;

  let next = 0;
  for (const [n, order] of plan.entries()) {
    const id = itemId(order.item);
    if (id === undefined) continue;
    const detail = await store.detail({ userId: admin.id, clientId }, id, 'pt-BR');
    const variantId = order.variant
      ? (detail.item.variants.find((v) => v.label === order.variant)?.id ?? null)
      : null;
    // The next colleague who can afford it.
    let buyer: number | undefined;
    while (next < colleagues.length && buyer === undefined) {
      const candidate = colleagues[next++]!.id;
      const balance = await ledger.balance(clientId, candidate);
      if (balance.points - balance.held >= detail.item.price) buyer = candidate;
    }
    if (buyer === undefined) break;
    const physical = detail.item.kind === 'physical';
    const { order: placed } = await store.redeem(
      { userId: buyer, clientId },
      id,
      { variantId, address: physical ? addresses[n % addresses.length]! : null },
      `store-orders-demo-${n}`,
      'pt-BR',
    );
    if (order.to === 'awaiting_approval') continue;
    if (order.to === 'reproved') {
      await store.reprove(
        staff,
        placed.id,
        'Endereço sem o número do apartamento: refaça o pedido com o endereço completo.',
        'pt-BR',
      );
      continue;
    }
    await store.approve(staff, placed.id, 'pt-BR');
    if (order.to === 'approved' || !physical) continue;
    await store.ship(staff, placed.id, 'Correios', `BR${String(482_913_000 + n * 7_331)}BR`, 'pt-BR');
    if (order.to === 'delivered') await store.deliver(staff, placed.id, 'pt-BR');
  }
}
