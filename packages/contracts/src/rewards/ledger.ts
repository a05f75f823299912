import { z } from 'zod';

/** What a ledger entry came from (the same list as the database's check, db/schema/ledger.ts). */
export const ledgerSource = z.enum([
  'activity',
  'course',
  'trail',
  'test',
  'game',
  'sale',
  'photo',
  'redemption',
  'refund',
  'expiry',
  'transfer',
  'adjustment',
]);
export type LedgerSource = z.infer<typeof ledgerSource>;
