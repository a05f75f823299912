import { eq } from 'drizzle-orm';
import { createLoyaltyRepo } from '../../modules/loyalty/loyalty.repo';
import { createLoyaltyService } from '../../modules/loyalty/loyalty.service';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { users } from '../schema/users';
import type { Seeder } from './run-seeders';

/**
 * The loyalty program's structure for Nimbus Tech (docs/loyalty.md): the spec's seven countries in their
 * groups, two retail chains per country (one Canadian chain placed in group 2, as the spec's named
 * Canadian retailers are), stores with their time zones, brands and products, the three levels, a
 * campaign that runs today and the one before it for group 1, one running for group 2, and the demo
 * learner registered in both of group 1 at the Creator level. Written through the loyalty service as
 * admin@demo.example, so every record is audited as in use; the campaigns' dates follow the day it runs.
 */

interface DemoStore {
  code: string;
  name: string;
  city: string;
  timeZone: string;
  phonesAndCamerasAllowed?: boolean;
}
interface DemoChain {
  name: string;
  /** The chain's own group when it is not its country's. */
  countryGroup?: 2;
  stores: DemoStore[];
}
interface DemoCountry {
  code: string;
  name: string;
  countryGroup: 1 | 2;
  chains: [DemoChain, DemoChain];
}

const countries: DemoCountry[] = [
  {
    code: 'AR',
    name: 'Argentina',
    countryGroup: 1,
    chains: [
      {
        name: 'Pampa Digital',
        stores: [
          {
            code: 'AR-PD-001',
            name: 'Pampa Digital Palermo',
            city: 'Buenos Aires',
            timeZone: 'America/Argentina/Buenos_Aires',
          },
          {
            code: 'AR-PD-002',
            name: 'Pampa Digital Nueva Córdoba',
            city: 'Córdoba',
            timeZone: 'America/Argentina/Cordoba',
          },
        ],
      },
      {
        name: 'Electro Plata',
        stores: [
          {
            code: 'AR-EP-001',
            name: 'Electro Plata Microcentro',
            city: 'Buenos Aires',
            timeZone: 'America/Argentina/Buenos_Aires',
          },
          {
            code: 'AR-EP-002',
            name: 'Electro Plata Mendoza',
            city: 'Mendoza',
            timeZone: 'America/Argentina/Mendoza',
          },
        ],
      },
    ],
  },
  {
    code: 'BR',
    name: 'Brasil',
    countryGroup: 1,
    chains: [
      {
        name: 'Casa Digital',
        stores: [
          {
            code: 'BR-CD-001',
            name: 'Casa Digital Paulista',
            city: 'São Paulo',
            timeZone: 'America/Sao_Paulo',
          },
          { code: 'BR-CD-002', name: 'Casa Digital Boa Viagem', city: 'Recife', timeZone: 'America/Recife' },
          {
            code: 'BR-CD-003',
            name: 'Casa Digital Ponta Negra',
            city: 'Manaus',
            timeZone: 'America/Manaus',
            phonesAndCamerasAllowed: false,
          },
        ],
      },
      {
        name: 'MegaTech Brasil',
        stores: [
          {
            code: 'BR-MT-001',
            name: 'MegaTech Barra',
            city: 'Rio de Janeiro',
            timeZone: 'America/Sao_Paulo',
          },
          {
            code: 'BR-MT-002',
            name: 'MegaTech Moinhos',
            city: 'Porto Alegre',
            timeZone: 'America/Sao_Paulo',
          },
        ],
      },
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    countryGroup: 1,
    chains: [
      {
        name: 'Maple Electronics',
        stores: [
          {
            code: 'CA-ME-001',
            name: 'Maple Electronics Yonge',
            city: 'Toronto',
            timeZone: 'America/Toronto',
          },
          {
            code: 'CA-ME-002',
            name: 'Maple Electronics Robson',
            city: 'Vancouver',
            timeZone: 'America/Vancouver',
          },
        ],
      },
      {
        name: 'Northern Circuit',
        countryGroup: 2,
        stores: [
          {
            code: 'CA-NC-001',
            name: 'Northern Circuit Sainte-Catherine',
            city: 'Montréal',
            timeZone: 'America/Toronto',
          },
          {
            code: 'CA-NC-002',
            name: 'Northern Circuit Whyte Avenue',
            city: 'Edmonton',
            timeZone: 'America/Edmonton',
          },
        ],
      },
    ],
  },
  {
    code: 'CL',
    name: 'Chile',
    countryGroup: 2,
    chains: [
      {
        name: 'Andes Tecno',
        stores: [
          {
            code: 'CL-AT-001',
            name: 'Andes Tecno Providencia',
            city: 'Santiago',
            timeZone: 'America/Santiago',
          },
          { code: 'CL-AT-002', name: 'Andes Tecno Viña', city: 'Viña del Mar', timeZone: 'America/Santiago' },
        ],
      },
      {
        name: 'Pacífico Hogar',
        stores: [
          {
            code: 'CL-PH-001',
            name: 'Pacífico Hogar Las Condes',
            city: 'Santiago',
            timeZone: 'America/Santiago',
          },
          {
            code: 'CL-PH-002',
            name: 'Pacífico Hogar Punta Arenas',
            city: 'Punta Arenas',
            timeZone: 'America/Punta_Arenas',
          },
        ],
      },
    ],
  },
  {
    code: 'CO',
    name: 'Colombia',
    countryGroup: 2,
    chains: [
      {
        name: 'Cafetal Digital',
        stores: [
          { code: 'CO-CD-001', name: 'Cafetal Digital Andino', city: 'Bogotá', timeZone: 'America/Bogota' },
          {
            code: 'CO-CD-002',
            name: 'Cafetal Digital El Poblado',
            city: 'Medellín',
            timeZone: 'America/Bogota',
          },
        ],
      },
      {
        name: 'Caribe Tecnología',
        stores: [
          {
            code: 'CO-CT-001',
            name: 'Caribe Tecnología Bocagrande',
            city: 'Cartagena',
            timeZone: 'America/Bogota',
          },
          {
            code: 'CO-CT-002',
            name: 'Caribe Tecnología Unicentro',
            city: 'Cali',
            timeZone: 'America/Bogota',
          },
        ],
      },
    ],
  },
  {
    code: 'MX',
    name: 'México',
    countryGroup: 2,
    chains: [
      {
        name: 'Azteca Cómputo',
        stores: [
          {
            code: 'MX-AC-001',
            name: 'Azteca Cómputo Polanco',
            city: 'Ciudad de México',
            timeZone: 'America/Mexico_City',
          },
          {
            code: 'MX-AC-002',
            name: 'Azteca Cómputo San Pedro',
            city: 'Monterrey',
            timeZone: 'America/Monterrey',
          },
        ],
      },
      {
        name: 'Sierra Electrónica',
        stores: [
          {
            code: 'MX-SE-001',
            name: 'Sierra Electrónica Zona Río',
            city: 'Tijuana',
            timeZone: 'America/Tijuana',
          },
          {
            code: 'MX-SE-002',
            name: 'Sierra Electrónica Andares',
            city: 'Guadalajara',
            timeZone: 'America/Mexico_City',
          },
        ],
      },
    ],
  },
  {
    code: 'PE',
    name: 'Perú',
    countryGroup: 2,
    chains: [
      {
        name: 'Inca Store',
        stores: [
          { code: 'PE-IS-001', name: 'Inca Store Miraflores', city: 'Lima', timeZone: 'America/Lima' },
          { code: 'PE-IS-002', name: 'Inca Store Cayma', city: 'Arequipa', timeZone: 'America/Lima' },
        ],
      },
      {
        name: 'Costa Digital',
        stores: [
          { code: 'PE-CD-001', name: 'Costa Digital San Isidro', city: 'Lima', timeZone: 'America/Lima' },
          { code: 'PE-CD-002', name: 'Costa Digital Trujillo', city: 'Trujillo', timeZone: 'America/Lima' },
        ],
      },
    ],
  },
];

/** [sku, name, brand, type, processor, generation, form factor, points in the running campaign] */
type DemoProduct = [string, string, string, string, string, string, string, number];
const products: DemoProduct[] = [
  [
    'NB-AIR13-U5',
    'Nimbus Air 13',
    'Nimbus',
    'Notebook',
    'Core Ultra 5 125U',
    'Core Ultra (Series 1)',
    'Clamshell',
    40,
  ],
  [
    'NB-AIR13-U7',
    'Nimbus Air 13 Pro',
    'Nimbus',
    'Notebook',
    'Core Ultra 7 155U',
    'Core Ultra (Series 1)',
    'Clamshell',
    55,
  ],
  [
    'NB-AIR15-U7',
    'Nimbus Air 15',
    'Nimbus',
    'Notebook',
    'Core Ultra 7 258V',
    'Core Ultra (Series 2)',
    'Clamshell',
    70,
  ],
  [
    'NB-FLIP14-U5',
    'Nimbus Flip 14',
    'Nimbus',
    'Notebook',
    'Core Ultra 5 226V',
    'Core Ultra (Series 2)',
    '2-in-1 convertible',
    60,
  ],
  [
    'NB-FLIP14-U7',
    'Nimbus Flip 14 Pro',
    'Nimbus',
    'Notebook',
    'Core Ultra 7 256V',
    'Core Ultra (Series 2)',
    '2-in-1 convertible',
    75,
  ],
  ['NB-EDU11-N', 'Nimbus Edu 11', 'Nimbus', 'Notebook', 'N100', 'Processor N-series', 'Rugged clamshell', 15],
  ['NB-BIZ14-I5', 'Nimbus Work 14', 'Nimbus', 'Notebook', 'Core i5-1335U', '13th Gen', 'Clamshell', 35],
  ['NB-BIZ16-I7', 'Nimbus Work 16', 'Nimbus', 'Notebook', 'Core i7-1365U', '13th Gen', 'Clamshell', 50],
  ['DT-TOWER-I5', 'Nimbus Tower 5', 'Nimbus', 'Desktop', 'Core i5-14400', '14th Gen', 'Tower', 30],
  ['DT-TOWER-I7', 'Nimbus Tower 7', 'Nimbus', 'Desktop', 'Core i7-14700', '14th Gen', 'Tower', 45],
  [
    'DT-MINI-U5',
    'Nimbus Mini',
    'Nimbus',
    'Desktop',
    'Core Ultra 5 125H',
    'Core Ultra (Series 1)',
    'Mini PC',
    25,
  ],
  ['AIO-24-I5', 'Nimbus One 24', 'Nimbus', 'All-in-one', 'Core i5-1335U', '13th Gen', 'All-in-one 24"', 45],
  [
    'AIO-27-U7',
    'Nimbus One 27',
    'Nimbus',
    'All-in-one',
    'Core Ultra 7 155H',
    'Core Ultra (Series 1)',
    'All-in-one 27"',
    65,
  ],
  [
    'GM-STRATO15-I7',
    'Stratus Blade 15',
    'Stratus',
    'Gaming notebook',
    'Core i7-14650HX',
    '14th Gen',
    'Clamshell',
    90,
  ],
  [
    'GM-STRATO16-I9',
    'Stratus Blade 16',
    'Stratus',
    'Gaming notebook',
    'Core i9-14900HX',
    '14th Gen',
    'Clamshell',
    120,
  ],
  [
    'GM-STRATO-DT-I7',
    'Stratus Forge',
    'Stratus',
    'Gaming desktop',
    'Core i7-14700KF',
    '14th Gen',
    'Tower',
    100,
  ],
  [
    'GM-STRATO-DT-I9',
    'Stratus Forge X',
    'Stratus',
    'Gaming desktop',
    'Core i9-14900KF',
    '14th Gen',
    'Tower',
    140,
  ],
  [
    'CR-CUMULUS14',
    'Cumulus Book 14',
    'Cumulus',
    'Notebook',
    'Core i3-N305',
    'Processor N-series',
    'Clamshell',
    20,
  ],
  [
    'CR-CUMULUS-TAB',
    'Cumulus Tab 11',
    'Cumulus',
    'Tablet',
    'Core i3-N300',
    'Processor N-series',
    'Detachable',
    18,
  ],
  [
    'CR-CUMULUS-FLIP',
    'Cumulus Flip 12',
    'Cumulus',
    'Notebook',
    'Core i3-N305',
    'Processor N-series',
    '2-in-1 convertible',
    22,
  ],
];

const DAY_MS = 86_400_000;
const quarterName = (date: Date) =>
  `Campanha T${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;

export function createLoyaltyDemoSeeder(): Seeder {
  return { name: 'loyalty-demo', run: (db) => seedLoyalty(db) };
}
export const loyaltyDemoSeeder = createLoyaltyDemoSeeder();

async function seedLoyalty(db: Db) {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'nimbus'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.example'));
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'learner@demo.example'));
  if (!client || !admin || !learner) return;

  const now = new Date();
  const loyalty = createLoyaltyService({ db, now: () => now, earnings: createLedgerService({ db }) });
  const actor = { userId: admin.id, clientId: client.id };

  const storeIds = { 1: [] as number[], 2: [] as number[] };
  const storeByCode = new Map<string, number>();
  for (const country of countries) {
    const saved = await loyalty.saveCountry(actor, null, {
      code: country.code,
      name: country.name,
      countryGroup: country.countryGroup,
    });
    for (const chain of country.chains) {
      const retailer = await loyalty.saveRetailer(actor, null, {
        countryId: saved.id,
        name: chain.name,
        countryGroup: chain.countryGroup ?? null,
      });
      for (const store of chain.stores) {
        const row = await loyalty.saveStore(actor, null, {
          retailerId: retailer.id,
          phonesAndCamerasAllowed: true,
          ...store,
        });
        storeIds[chain.countryGroup ?? country.countryGroup].push(row.id);
        storeByCode.set(store.code, row.id);
      }
    }
  }

  const brandIds = new Map<string, number>();
  const productPoints: { productId: number; points: number }[] = [];
  for (const [
    sku,
    name,
    brand,
    productType,
    processor,
    processorGeneration,
    formFactor,
    points,
  ] of products) {
    if (!brandIds.has(brand)) brandIds.set(brand, (await loyalty.saveBrand(actor, null, { name: brand })).id);
    const product = await loyalty.saveProduct(actor, null, {
      brandId: brandIds.get(brand)!,
      sku,
      name,
      productType,
      processor,
      processorGeneration,
      formFactor,
    });
    productPoints.push({ productId: product.id, points });
  }

  const levels = await loyalty.saveLevels(actor, {
    levels: [
      { name: 'Basic', minXp: 0, multiplier: 1 },
      { name: 'Creator', minXp: 1000, multiplier: 1.5 },
      { name: 'Influencer', minXp: 3000, multiplier: 2 },
    ],
  });

  // The running campaigns (about 2.5 months, today inside) and the one before, at slightly lower values.
  const runningBegin = new Date(now.getTime() - 45 * DAY_MS);
  const runningEnd = new Date(now.getTime() + 30 * DAY_MS);
  const previousBegin = new Date(runningBegin.getTime() - 92 * DAY_MS);
  const previousEnd = new Date(previousBegin.getTime() + 76 * DAY_MS);
  const campaign = (name: string, begin: Date, end: Date, group: 1 | 2, factor: number) =>
    loyalty.saveCampaign(actor, null, {
      name,
      beginsAt: begin.toISOString(),
      endsAt: end.toISOString(),
      countryGroup: group,
      storeIds: storeIds[group],
      products: productPoints.map((p) => ({ ...p, points: Math.max(1, Math.round(p.points * factor)) })),
    });
  const running = await campaign(`${quarterName(runningBegin)} · Grupo 1`, runningBegin, runningEnd, 1, 1);
  await campaign(`${quarterName(runningBegin)} · Grupo 2`, runningBegin, runningEnd, 2, 1);
  const previous = await campaign(
    `${quarterName(previousBegin)} · Grupo 1`,
    previousBegin,
    previousEnd,
    1,
    0.8,
  );

  // The learner sells at Casa Digital Paulista: registered in the running campaign as learners are, and
  // in the previous one as they were then (its registration dated a few days after its start).
  const paulista = storeByCode.get('BR-CD-001')!;
  await loyalty.register({ userId: learner.id, clientId: client.id }, running.id, { storeId: paulista });
  await createLoyaltyRepo(db, client.id).insertRegistration(
    learner.id,
    previous.id,
    paulista,
    new Date(previousBegin.getTime() + 3 * DAY_MS),
  );
  // Creator since the running campaign began, so its sales are credited at ×1.5 (the level on the sale date).
  await loyalty.setMemberLevel(
    actor,
    learner.id,
    levels.items.find((l) => l.position === 2)!.id,
    runningBegin,
  );
}
