import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { incomingPointTransfers, pointTransfers, transferDocuments } from '../../db/schema/transfers';
import { tenantScope } from '../../db/tenant-scope';
import type { TransferStatus } from '@trilha/contracts/transfers';

export type TransferRow = typeof pointTransfers.$inferSelect;
export type IncomingRow = typeof incomingPointTransfers.$inferSelect;

const OPEN: TransferStatus[] = ['requested', 'sent'];

/** One client's transfers to and from the partner program, and its claimed documents. */
export function createTransfersRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);

  return {
    find: (id: number) => scope.find(pointTransfers, id),

    async byKey(userId: number, key: string) {
      const [row] = await db
        .select()
        .from(pointTransfers)
        .where(
          scope.where(
            pointTransfers,
            eq(pointTransfers.userId, userId),
            eq(pointTransfers.idempotencyKey, key),
          ),
        );
      return row;
    },

    /**
     * Claims the document for the user unless another account of the client holds it; answers the
     * account that holds it (on PostgreSQL a parallel first claim waits for the other transaction).
     */
    async claimDocument(document: string, userId: number) {
      await db
        .insert(transferDocuments)
        .values(scope.row({ document, userId }))
        .onConflictDoNothing({ target: [transferDocuments.clientId, transferDocuments.document] });
      return this.documentOwner(document);
    },

    async documentOwner(document: string) {
      const [row] = await db
        .select({ userId: transferDocuments.userId })
        .from(transferDocuments)
        .where(scope.where(transferDocuments, eq(transferDocuments.document, document)));
      return row?.userId ?? null;
    },

    async insert(values: {
      userId: number;
      document: string;
      points: number;
      holdId: number;
      idempotencyKey: string;
    }) {
      const [row] = await db.insert(pointTransfers).values(scope.row(values)).returning();
      return row!;
    },

    /** Moves an open transfer (requested or sent); undefined when it was already decided. */
    async moveOpen(
      id: number,
      patch: Partial<Pick<TransferRow, 'status' | 'attempts' | 'partnerReference' | 'error' | 'decidedAt'>>,
    ) {
      const [row] = await db
        .update(pointTransfers)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(scope.where(pointTransfers, eq(pointTransfers.id, id), inArray(pointTransfers.status, OPEN)))
        .returning();
      return row;
    },

    async page(userId: number, page: number, pageSize: number) {
      const rows = await db
        .select()
        .from(pointTransfers)
        .where(scope.where(pointTransfers, eq(pointTransfers.userId, userId)))
        .orderBy(desc(pointTransfers.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(pointTransfers)
        .where(scope.where(pointTransfers, eq(pointTransfers.userId, userId)));
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The incoming transfer, or undefined when the partner's id was already received. */
    async insertIncoming(values: {
      userId: number;
      partnerId: string;
      document: string;
      points: number;
      expiresAt: Date;
    }) {
      const [row] = await db
        .insert(incomingPointTransfers)
        .values(scope.row(values))
        .onConflictDoNothing({ target: [incomingPointTransfers.clientId, incomingPointTransfers.partnerId] })
        .returning();
      return row;
    },

    async incomingByPartnerId(partnerId: string) {
      const [row] = await db
        .select()
        .from(incomingPointTransfers)
        .where(scope.where(incomingPointTransfers, and(eq(incomingPointTransfers.partnerId, partnerId))));
      return row;
    },
  };
}

export type TransfersRepo = ReturnType<typeof createTransfersRepo>;
