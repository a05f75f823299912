import { z } from 'zod';

/**
 * What the platform tells a user in their inbox. Each kind has its title and text in every language
 * (profile catalog, `notifications.<kind>`), filled with the kind's data.
 */
export const notificationKinds = [
  'account.approved',
  'rewards.earned',
  'rewards.badge',
  'rewards.certificate',
  'rewards.certificate_expiring',
  'rewards.adjusted',
  'rewards.reconciliation',
  'store.order_approved',
  'store.order_reproved',
  'store.order_shipped',
  'store.order_delivered',
  'store.low_stock',
  'transfers.confirmed',
  'transfers.refused',
  'transfers.failed',
  'sales.approved',
  'sales.rejected',
  'sales.reversed',
  'photos.approved',
  'photos.rejected',
  'loyalty.level_reached',
  'loyalty.level_approved',
  'loyalty.level_rejected',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The data each kind's texts are filled with. */
export interface NotificationData {
  'account.approved': { clientName: string };
  /** Finishing something gave points and/or XP. */
  'rewards.earned': { title: string; points: number; xp: number };
  'rewards.badge': { badgeName: string };
  'rewards.certificate': { title: string; code: string };
  'rewards.certificate_expiring': { title: string; expiresOn: string };
  /** A staff member adjusted the user's points or XP (amount signed). */
  'rewards.adjusted': { amount: number; ledger: string; reason: string };
  /** The nightly check found accounts of the client whose sums disagree (told to its program administrators). */
  'rewards.reconciliation': { differences: number };
  /** A reward store order moved (docs/store.md). */
  'store.order_approved': { itemTitle: string };
  'store.order_reproved': { itemTitle: string; reason: string };
  'store.order_shipped': { itemTitle: string; carrier: string; trackingCode: string };
  'store.order_delivered': { itemTitle: string };
  /** A store item (or one of its variants) went down to its low-stock threshold (told to the store's staff). */
  'store.low_stock': { itemTitle: string; stock: number };
  /** A points transfer to the partner program was decided (docs/transfers.md). */
  'transfers.confirmed': { points: number };
  'transfers.refused': { points: number; reason: string };
  'transfers.failed': { points: number };
  /** The audit decided a sale report (docs/sales.md); a rejection after approval took points back. */
  'sales.approved': { invoiceNumber: string; points: number; xp: number };
  'sales.rejected': { invoiceNumber: string; reason: string };
  'sales.reversed': { invoiceNumber: string; reason: string; points: number; xp: number };
  /** The audit decided a store photo (docs/photos.md). */
  'photos.approved': { typeName: string; storeName: string; points: number };
  'photos.rejected': { typeName: string; storeName: string; reason: string };
  /** The member's XP in a campaign reached the next level: a level-change request is waiting (docs/loyalty.md). */
  'loyalty.level_reached': { levelName: string; campaignName: string };
  'loyalty.level_approved': { levelName: string };
  'loyalty.level_rejected': { levelName: string; reason: string };
}

/** Sent to the user's open tabs over the realtime channel (`/api/realtime`). */
export const realtimeServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** An inbox message arrived in this client: the bell reloads its count. */
  z.object({ type: z.literal('inbox'), clientId: z.number().int() }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessage>;

/** The first message a tab sends: the realtime token of its login (`user_firebase_token`). */
export const realtimeClientHello = z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) });
