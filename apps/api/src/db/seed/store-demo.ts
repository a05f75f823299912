import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ItemBody, StoreName } from '@trilha/contracts/store';
import { loadConfig } from '../../config';
import { renderWebp } from '../../lib/image-upload';
import { createStorage, type Storage } from '../../lib/storage';
import { createLoyaltyLevelsPort } from '../../modules/loyalty/loyalty.port';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import { storeImageKeyFor, storeImageUrl } from '../../modules/store/store-images';
import { createStoreService } from '../../modules/store/store.service';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { courses } from '../schema/learning';
import { users } from '../schema/users';
import type { Seeder } from './run-seeders';
import { makeItemArt, type ItemGlyph } from './store-demo/item-art';

const t = (pt: string, en: string, es: string, fr: string): StoreName => ({
  'pt-BR': pt,
  'en-US': en,
  es,
  fr,
});

type Department = 'tech' | 'home';
type Category = 'audio' | 'apparel' | 'vouchers' | 'kitchen';

interface DemoItem {
  title: StoreName;
  description: StoreName;
  department: Department;
  category: Category;
  price: number;
  stock: number;
  kind: 'physical' | 'digital';
  art: [string, string, ItemGlyph];
  variants?: { label: StoreName; stock: number }[];
  vouchers?: number;
  needsCourse?: boolean;
  /** Further photos (backgrounds of the same drawing), shown as the details page's gallery. */
  gallery?: [string, string][];
}

const departments: Record<Department, StoreName> = {
  tech: t('Tecnologia', 'Technology', 'Tecnología', 'Technologie'),
  home: t('Casa e estilo', 'Home and style', 'Hogar y estilo', 'Maison et style'),
};

const categories: Record<
  Category,
  { name: StoreName; maxPerUser: number | null; periodDays: number | null }
> = {
  audio: { name: t('Áudio', 'Audio', 'Audio', 'Audio'), maxPerUser: 2, periodDays: 30 },
  apparel: { name: t('Vestuário', 'Apparel', 'Ropa', 'Vêtements'), maxPerUser: null, periodDays: null },
  vouchers: {
    name: t(
      'Vales e experiências',
      'Vouchers and experiences',
      'Vales y experiencias',
      'Bons et expériences',
    ),
    maxPerUser: 3,
    periodDays: 90,
  },
  kitchen: { name: t('Cozinha', 'Kitchen', 'Cocina', 'Cuisine'), maxPerUser: null, periodDays: null },
};

const items: DemoItem[] = [
  {
    title: t('Fone de ouvido Bluetooth', 'Bluetooth headphones', 'Auriculares Bluetooth', 'Casque Bluetooth'),
    description: t(
      'Fone sem fio com cancelamento de ruído e 30 horas de bateria. Acompanha cabo USB-C e estojo.',
      'Wireless headphones with noise cancelling and 30 hours of battery. USB-C cable and case included.',
      'Auriculares inalámbricos con cancelación de ruido y 30 horas de batería. Incluye cable USB-C y estuche.',
      'Casque sans fil à réduction de bruit, 30 heures d’autonomie. Câble USB-C et étui inclus.',
    ),
    department: 'tech',
    category: 'audio',
    price: 1800,
    stock: 12,
    kind: 'physical',
    art: ['#e3f2fd', '#90caf9', 'headphones'],
    gallery: [
      ['#eceff1', '#b0bec5'],
      ['#fff8e1', '#ffe082'],
    ],
  },
  {
    title: t('Caixa de som portátil', 'Portable speaker', 'Altavoz portátil', 'Enceinte portable'),
    description: t(
      'Resistente à água, 12 horas de música e som de 360°.',
      'Water resistant, 12 hours of music and 360° sound.',
      'Resistente al agua, 12 horas de música y sonido de 360°.',
      'Résistante à l’eau, 12 heures de musique et son à 360°.',
    ),
    department: 'tech',
    category: 'audio',
    price: 2500,
    stock: 3,
    kind: 'physical',
    art: ['#ede7f6', '#b39ddb', 'speaker'],
  },
  {
    title: t('Camiseta do programa', 'Programme T-shirt', 'Camiseta del programa', 'T-shirt du programme'),
    description: t(
      'Algodão orgânico, com a marca do programa no peito.',
      'Organic cotton, with the programme’s mark on the chest.',
      'Algodón orgánico, con la marca del programa en el pecho.',
      'Coton bio, avec la marque du programme sur la poitrine.',
    ),
    department: 'home',
    category: 'apparel',
    price: 600,
    stock: 0,
    kind: 'physical',
    art: ['#fbe9e7', '#ffab91', 'shirt'],
    variants: [
      { label: t('P', 'S', 'S', 'S'), stock: 4 },
      { label: t('M', 'M', 'M', 'M'), stock: 0 },
      { label: t('G', 'L', 'L', 'L'), stock: 9 },
    ],
  },
  {
    title: t(
      'Garrafa térmica 500 ml',
      'Insulated bottle 500 ml',
      'Botella térmica 500 ml',
      'Gourde isotherme 500 ml',
    ),
    description: t(
      'Aço inox, mantém a bebida gelada por 24 horas e quente por 12.',
      'Stainless steel, keeps drinks cold for 24 hours and hot for 12.',
      'Acero inoxidable, mantiene la bebida fría 24 horas y caliente 12.',
      'Inox, garde les boissons froides 24 heures et chaudes 12 heures.',
    ),
    department: 'home',
    category: 'kitchen',
    price: 450,
    stock: 0,
    kind: 'physical',
    art: ['#eceff1', '#b0bec5', 'bottle'],
  },
  {
    title: t('Caneca de cerâmica', 'Ceramic mug', 'Taza de cerámica', 'Mug en céramique'),
    description: t(
      'Caneca de 350 ml que vai ao micro-ondas e à lava-louças.',
      'A 350 ml mug, microwave and dishwasher safe.',
      'Taza de 350 ml apta para microondas y lavavajillas.',
      'Mug de 350 ml, compatible micro-ondes et lave-vaisselle.',
    ),
    department: 'home',
    category: 'kitchen',
    price: 250,
    stock: 40,
    kind: 'physical',
    art: ['#fff3e0', '#ffcc80', 'mug'],
  },
  {
    title: t(
      'Vale-cinema para dois',
      'Cinema voucher for two',
      'Vale de cine para dos',
      'Bon cinéma pour deux',
    ),
    description: t(
      'Dois ingressos em qualquer sessão 2D da rede parceira. O código aparece em Meus pedidos assim que o pedido for aprovado.',
      'Two tickets to any 2D session of the partner chain. The code shows in My orders once the order is approved.',
      'Dos entradas para cualquier sesión 2D de la cadena asociada. El código aparece en Mis pedidos cuando se aprueba el pedido.',
      'Deux places pour toute séance 2D du réseau partenaire. Le code apparaît dans Mes commandes dès l’approbation.',
    ),
    department: 'home',
    category: 'vouchers',
    price: 900,
    stock: 0,
    kind: 'digital',
    art: ['#fffde7', '#ffe082', 'ticket'],
    vouchers: 8,
  },
  {
    title: t('Mochila do vendedor', 'Sales kit backpack', 'Mochila del vendedor', 'Sac à dos du vendeur'),
    description: t(
      'Mochila com compartimento para notebook. Exclusiva para quem concluiu o curso indicado.',
      'Backpack with a laptop sleeve. Only for those who finished the course shown.',
      'Mochila con compartimento para portátil. Exclusiva para quien terminó el curso indicado.',
      'Sac à dos avec compartiment ordinateur. Réservé à qui a terminé le cours indiqué.',
    ),
    department: 'tech',
    category: 'apparel',
    price: 1200,
    stock: 6,
    kind: 'physical',
    art: ['#e1f5fe', '#81d4fa', 'backpack'],
    needsCourse: true,
  },
];

export interface StoreDemoOptions {
  storage?: Storage;
  messageKey?: string;
}

/**
 * Both demo clients' stores: two departments, four categories (two with a maximum per period), items with
 * drawn photos, one with sizes (one size out of stock), one out of stock, one with few left, a voucher item
 * with its codes and one that needs a course. Written through the store service as the demo administrator,
 * so the audit trail and the sealed vouchers are as in use.
 */
export function createStoreDemoSeeder(opts: StoreDemoOptions = {}): Seeder {
  return {
    name: 'store-demo',
    async run(db) {
      const config = opts.storage && opts.messageKey !== undefined ? null : loadConfig();
      await seedStore(db, opts.storage ?? createStorage(config!), opts.messageKey ?? config?.MESSAGE_KEY);
    },
  };
}

export const storeDemoSeeder = createStoreDemoSeeder();

async function seedStore(db: Db, storage: Storage, messageKey: string | undefined) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.example'));
  const clientRows = await db
    .select({ id: clients.id, slug: clients.slug })
    .from(clients)
    .where(inArray(clients.slug, ['aurora', 'nimbus']));
  if (!admin || clientRows.length === 0) return;

  const store = demoStoreService(db, messageKey);

  for (const client of clientRows) {
    const actor = { userId: admin.id, clientId: client.id };
    const departmentIds = {} as Record<Department, number>;
    let position = 0;
    for (const [key, name] of Object.entries(departments) as [Department, StoreName][]) {
      departmentIds[key] = (await store.saveDepartment(actor, null, { name, position: position++ })).id;
    }
    const categoryIds = {} as Record<Category, number>;
    for (const [key, c] of Object.entries(categories) as [Category, (typeof categories)[Category]][]) {
      categoryIds[key] = (await store.saveCategory(actor, null, c)).id;
    }
    const [course] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.clientId, client.id))
      .orderBy(asc(courses.id))
      .limit(1);

    for (const item of items) {
      const key = await storePhoto(storage, client.id, ...item.art);
      const gallery: string[] = [];
      for (const [a, b] of item.gallery ?? []) {
        const url = storeImageUrl(await storePhoto(storage, client.id, a, b, item.art[2]));
        if (url) gallery.push(url);
      }
      const body: ItemBody = {
        departmentId: departmentIds[item.department],
        categoryId: categoryIds[item.category],
        title: item.title,
        description: item.description,
        imageUrl: storeImageUrl(key),
        gallery,
        price: item.price,
        stock: item.stock,
        kind: item.kind,
        variants: item.variants ?? [],
        requiredCourseIds: item.needsCourse && course ? [course.id] : [],
      };
      const saved = await store.saveItem(actor, null, body);
      if (item.vouchers) {
        const codes = Array.from(
          { length: item.vouchers },
          () => `CINE-${randomBytes(4).toString('hex').toUpperCase()}`,
        );
        await store.uploadVouchers(actor, saved.id, codes);
      }
    }
  }
}

/** Draws an item's photo, stores it as WebP and answers its storage key. */
async function storePhoto(storage: Storage, clientId: number, from: string, to: string, glyph: ItemGlyph) {
  const png = await makeItemArt(from, to, glyph);
  const webp = await renderWebp(png, { width: 800, height: 800, fit: 'cover', quality: 85 });
  const key = storeImageKeyFor(clientId, randomBytes(12).toString('hex'));
  await storage.put(key, webp);
  return key;
}

/**
 * A reward that needs the loyalty program's highest level, in each demo client whose program has levels
 * (after the loyalty demo): the demo learner, at the second level, sees which level is missing.
 */
export function createStoreLevelDemoSeeder(opts: StoreDemoOptions = {}): Seeder {
  return {
    name: 'store-level-demo',
    async run(db) {
      const config = opts.storage && opts.messageKey !== undefined ? null : loadConfig();
      const storage = opts.storage ?? createStorage(config!);
      const [admin] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'admin@demo.example'));
      const clientRows = await db
        .select({ id: clients.id })
        .from(clients)
        .where(inArray(clients.slug, ['aurora', 'nimbus']));
      if (!admin) return;
      const store = demoStoreService(db, opts.messageKey ?? config?.MESSAGE_KEY);
      const levels = createLoyaltyLevelsPort(db);
      for (const client of clientRows) {
        const top = (await levels.levels(client.id)).at(-1);
        const actor = { userId: admin.id, clientId: client.id };
        const department = (await store.departments(client.id)).items[0];
        const category = (await store.categories(client.id)).items.find(
          (c) => c.name['pt-BR'] === categories.vouchers.name['pt-BR'],
        );
        if (!top || top.position < 2 || !department || !category) continue;
        const key = await storePhoto(storage, client.id, '#f3e5f5', '#ce93d8', 'ticket');
        await store.saveItem(actor, null, {
          departmentId: department.id,
          categoryId: category.id,
          title: t(
            'Dia nos bastidores do lançamento',
            'A day backstage at the launch',
            'Un día tras bastidores del lanzamiento',
            'Une journée en coulisses du lancement',
          ),
          description: t(
            `Acompanhe a equipe de produto no próximo lançamento. Exclusivo do nível ${top.name}.`,
            `Join the product team at the next launch. For the ${top.name} level only.`,
            `Acompaña al equipo de producto en el próximo lanzamiento. Exclusivo del nivel ${top.name}.`,
            `Accompagnez l’équipe produit au prochain lancement. Réservé au niveau ${top.name}.`,
          ),
          imageUrl: storeImageUrl(key),
          price: 900,
          stock: 4,
          kind: 'physical',
          minLevelId: top.id,
        });
      }
    },
  };
}

export const storeLevelDemoSeeder = createStoreLevelDemoSeeder();

/**
 * The store service as the demo seeders use it, outside the app: nobody is told anything (no
 * notifications, no staff to alert), no order waits for an audit, no course needs finishing.
 */
export function demoStoreService(db: Db, messageKey: string | undefined) {
  return createStoreService({
    db,
    now: () => new Date(),
    ledger: createLedgerService({ db }),
    notifications: { notify: () => Promise.resolve(0) },
    courseFinished: () => Promise.resolve(false),
    courseExists: async (clientId, courseId) =>
      (
        await db
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.clientId, clientId), eq(courses.id, courseId)))
      ).length > 0,
    approvalMayWait: () => Promise.resolve(false),
    levels: createLoyaltyLevelsPort(db),
    // The demo's items are for everyone of their client.
    shopperOf: () => Promise.resolve({ countryId: null, areaIds: [], roles: [] }),
    areasOf: () => Promise.resolve([]),
    customerOf: () => Promise.resolve(null),
    messageKey,
    staffOf: () => Promise.resolve([]),
  });
}
