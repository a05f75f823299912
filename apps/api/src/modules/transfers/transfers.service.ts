import { createHash, timingSafeEqual } from 'node:crypto';
import { normalizeDocument } from '@trilha/domain/document';
import {
  incomingTransferBody,
  transferBody,
  transferRoles,
  type IncomingTransfer,
  type Transfer,
  type TransferListQuery,
  type TransferPage,
  type TransferStatus,
} from '@trilha/contracts/transfers';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { LoyaltyMembershipPort } from '../loyalty/loyalty.port';
import type { NotificationService } from '../notifications/notifications.service';
import type { LedgerPort } from '../rewards/ports';
import type { UserDirectory } from '../users/user-directory';
import type { TransferPartner } from './transfers.partner';
import { createTransfersRepo, type TransferRow } from './transfers.repo';

declare module '../../jobs/job-queue' {
  interface JobPayloads {
    /** Calls the partner for one transfer; retried with back-off until it confirms or refuses. */
    'transfers.send': { clientId: number; transferId: number };
  }
}

export interface TransfersDeps {
  db: Db;
  now: () => Date;
  ledger: LedgerPort;
  loyalty: LoyaltyMembershipPort;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  notifications: Pick<NotificationService, 'notify'>;
  directory: Pick<UserDirectory, 'findByLogin' | 'withActiveMemberships'>;
  /** The partner program; null when it is not configured (PARTNER_TRANSFER_URL unset). */
  partner: TransferPartner | null;
  /** The secret the partner's calls to us must carry; undefined: none is accepted. */
  partnerToken: string | undefined;
  retryLimit: number;
  retryDelaySeconds: number;
  log: (message: string, error?: unknown) => void;
}

export interface TransferActor {
  userId: number;
  clientId: number;
  roles: readonly string[];
}

/** A partner account's document once normalized: letters and digits, 6 to 20 of them. */
const DOCUMENT_PATTERN = /^[A-Z0-9]{6,20}$/;
const RECEIVED_LOTS_MONTHS = 12;
const ERROR_MAX = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The document with all but its last four characters hidden. */
export function maskedDocument(document: string): string {
  return document.length <= 4 ? document : `${'*'.repeat(document.length - 4)}${document.slice(-4)}`;
}

/** The same instant 12 calendar months later (UTC); the 29th of February gives the 1st of March. */
export function receivedLotExpiry(receivedAt: Date): Date {
  const at = new Date(receivedAt.getTime());
  at.setUTCMonth(at.getUTCMonth() + RECEIVED_LOTS_MONTHS);
  return at;
}

function transferOf(row: TransferRow): Transfer {
  return {
    id: row.id,
    document: maskedDocument(row.document),
    points: row.points,
    status: row.status,
    attempts: row.attempts,
    partnerReference: row.partnerReference,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function validDocument(input: string): string {
  const document = normalizeDocument(input);
  if (!DOCUMENT_PATTERN.test(document)) {
    throw new AppError('TRANSFERS_DOCUMENT_INVALID', 422, { details: { field: 'document' } });
  }
  return document;
}

/**
 * Points transfer to and from the partner program (docs/transfers.md): a request holds the points and
 * queues the partner's call; the job commits the hold on the partner's confirmation and releases it on
 * a refusal or after the last try.
 */
export function createTransfersService(deps: TransfersDeps) {
  const uow = unitOfWork(deps.db);
  const repoOf = (clientId: number) => createTransfersRepo(deps.db, clientId);

  /** Decides an open transfer in one unit of work: the status, the ledger, the audit row, the message. */
  async function decide(
    row: TransferRow,
    status: Extract<TransferStatus, 'confirmed' | 'refused' | 'failed'>,
    patch: { partnerReference?: string; error?: string | null; attempts: number },
  ) {
    await uow.run(async (tx) => {
      const repo = repoOf(row.clientId);
      const moved = await repo.moveOpen(row.id, { status, decidedAt: deps.now(), ...patch });
      if (!moved) return; // decided by an earlier run of the job
      if (status === 'confirmed') {
        await deps.ledger.commitHold({ clientId: row.clientId, holdId: row.holdId, actorId: null });
      } else {
        await deps.ledger.releaseHold({ clientId: row.clientId, holdId: row.holdId, actorId: null });
      }
      await audit(tx, {
        actorId: null,
        clientId: row.clientId,
        action: 'transfer.status',
        target: { type: 'point_transfer', id: row.id },
        before: { status: row.status },
        after: { status },
        details: {
          attempts: patch.attempts,
          partnerReference: patch.partnerReference ?? null,
          error: patch.error ?? null,
        },
      });
      const base = { userId: row.userId, clientId: row.clientId };
      if (status === 'confirmed') {
        await deps.notifications.notify(
          { ...base, kind: 'transfers.confirmed', data: { points: row.points } },
          { tx },
        );
      } else if (status === 'refused') {
        await deps.notifications.notify(
          { ...base, kind: 'transfers.refused', data: { points: row.points, reason: patch.error ?? '' } },
          { tx },
        );
      } else {
        await deps.notifications.notify(
          { ...base, kind: 'transfers.failed', data: { points: row.points } },
          { tx },
        );
      }
    });
  }

  deps.jobs.define({
    name: 'transfers.send',
    retryLimit: deps.retryLimit,
    retryDelaySeconds: deps.retryDelaySeconds,
    expireInSeconds: 300,
    concurrency: 2,
    /**
     * One call to the partner. At least once: a decided transfer is left alone, and the partner is asked
     * with the same key every time, so it answers a repeated call with its first answer.
     */
    async handler({ clientId, transferId }, job) {
      const repo = repoOf(clientId);
      const row = await repo.find(transferId);
      if (!row || (row.status !== 'requested' && row.status !== 'sent')) return;
      const attempts = job.retryCount + 1;
      const last = job.retryCount >= deps.retryLimit;
      if (!deps.partner) throw new Error('partner transfer is not configured');
      await uow.run(async (tx) => {
        const sent = await repo.moveOpen(row.id, { status: 'sent', attempts });
        if (sent && row.status === 'requested') {
          await audit(tx, {
            actorId: null,
            clientId,
            action: 'transfer.status',
            target: { type: 'point_transfer', id: row.id },
            before: { status: 'requested' },
            after: { status: 'sent' },
          });
        }
      });
      let answer;
      try {
        answer = await deps.partner.send({
          key: `transfer-${row.id}`,
          transferId: row.id,
          document: row.document,
          points: row.points,
        });
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
        if (last) {
          deps.log('points transfer not delivered, giving up', error);
          await decide({ ...row, status: 'sent' }, 'failed', { error: message, attempts });
          return;
        }
        await repo.moveOpen(row.id, { error: message });
        deps.log('points transfer not delivered, will retry', error);
        throw error;
      }
      if (answer.outcome === 'confirmed') {
        await decide({ ...row, status: 'sent' }, 'confirmed', {
          partnerReference: answer.reference,
          error: null,
          attempts,
        });
      } else {
        await decide({ ...row, status: 'sent' }, 'refused', { error: answer.reason, attempts });
      }
    },
  });

  return {
    /**
     * Requests a transfer: the rules, the document's claim, the hold, the row, its audit and the job, in
     * one unit of work. The same key answers the first transfer.
     */
    async request(
      actor: TransferActor,
      input: unknown,
      key: string,
    ): Promise<{ transfer: Transfer; replayed: boolean }> {
      if (!deps.partner) throw new AppError('TRANSFERS_UNAVAILABLE', 503);
      if (key.length === 0 || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_INVALID', 400);
      const body = transferBody.parse(input);
      if (!actor.roles.some((r) => (transferRoles as readonly string[]).includes(r))) {
        throw new AppError('TRANSFERS_ROLE_NOT_ALLOWED', 403);
      }
      const document = validDocument(body.document);
      if ((await deps.loyalty.registrationStatus(actor.clientId, actor.userId)) !== 'active') {
        throw new AppError('TRANSFERS_REGISTRATION_INACTIVE', 422);
      }
      const repo = repoOf(actor.clientId);
      const transferKey = `transfer:${key}`;
      try {
        return await uow.run(async (tx) => {
          const existing = await repo.byKey(actor.userId, transferKey);
          if (existing) return { transfer: transferOf(existing), replayed: true };
          const owner = await repo.claimDocument(document, actor.userId);
          if (owner !== actor.userId) throw new AppError('TRANSFERS_DOCUMENT_IN_USE', 409);
          const balance = await deps.ledger.balance(actor.clientId, actor.userId);
          if (balance.points - balance.held <= 0) throw new AppError('TRANSFERS_NO_POINTS', 422);
          // Locks the user's account: this user's transfers and redemptions run one at a time from here.
          const hold = await deps.ledger.hold({
            clientId: actor.clientId,
            userId: actor.userId,
            points: body.points,
            source: 'transfer',
            refType: 'partner_transfer',
            actorId: actor.userId,
            reason: 'partner transfer',
            idempotencyKey: transferKey,
          });
          if (hold.replayed) {
            const again = await repo.byKey(actor.userId, transferKey);
            if (again) return { transfer: transferOf(again), replayed: true };
          }
          const row = await repo.insert({
            userId: actor.userId,
            document,
            points: body.points,
            holdId: hold.holdId,
            idempotencyKey: transferKey,
          });
          await audit(tx, {
            actorId: actor.userId,
            clientId: actor.clientId,
            action: 'transfer.request',
            target: { type: 'point_transfer', id: row.id },
            after: { status: row.status },
            details: { points: row.points, holdId: hold.holdId, document: maskedDocument(document) },
          });
          await deps.jobs.send('transfers.send', { clientId: actor.clientId, transferId: row.id });
          return { transfer: transferOf(row), replayed: false };
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'REWARDS_INSUFFICIENT_POINTS') {
          throw new AppError('TRANSFERS_INSUFFICIENT_POINTS', 422);
        }
        throw error;
      }
    },

    async mine(
      actor: Pick<TransferActor, 'userId' | 'clientId'>,
      query: TransferListQuery,
    ): Promise<TransferPage> {
      const { rows, total } = await repoOf(actor.clientId).page(actor.userId, query.page, query.pageSize);
      return { items: rows.map(transferOf), total, page: query.page, pageSize: query.pageSize };
    },

    async mineOne(actor: Pick<TransferActor, 'userId' | 'clientId'>, id: number): Promise<Transfer> {
      const row = await repoOf(actor.clientId).find(id);
      if (!row || row.userId !== actor.userId) throw new AppError('NOT_FOUND', 404);
      return transferOf(row);
    },

    /** Whether a call carries the partner's secret (compared in constant time). */
    partnerAuthorized(authorization: string | undefined): boolean {
      if (!deps.partnerToken || !authorization) return false;
      const match = /^Bearer (.+)$/.exec(authorization);
      return match ? sameSecret(match[1]!, deps.partnerToken) : false;
    },

    /**
     * Points the partner sent: credited once per partner id to the user of the document (the account that
     * claimed it here, else the member of the client whose own document it is), as a lot that expires 12
     * months after receipt.
     */
    async receive(input: unknown): Promise<IncomingTransfer> {
      const body = incomingTransferBody.parse(input);
      const document = validDocument(body.document);
      const repo = repoOf(body.clientId);
      return uow.run(async (tx) => {
        const existing = await repo.incomingByPartnerId(body.partnerId);
        if (existing) {
          return {
            id: existing.id,
            points: existing.points,
            expiresAt: existing.expiresAt.toISOString(),
            replayed: true,
          };
        }
        let userId = await repo.documentOwner(document);
        if (userId === null) {
          const user = await deps.directory.findByLogin(document);
          const person = user ? await deps.directory.withActiveMemberships(user.id) : undefined;
          if (person?.memberships.some((m) => m.clientId === body.clientId)) userId = person.user.id;
        }
        if (userId === null) throw new AppError('TRANSFERS_RECIPIENT_NOT_FOUND', 404);
        const receivedAt = deps.now();
        const expiresAt = receivedLotExpiry(receivedAt);
        const row = await repo.insertIncoming({
          userId,
          partnerId: body.partnerId,
          document,
          points: body.points,
          expiresAt,
        });
        if (!row) {
          const again = await repo.incomingByPartnerId(body.partnerId);
          return {
            id: again!.id,
            points: again!.points,
            expiresAt: again!.expiresAt.toISOString(),
            replayed: true,
          };
        }
        await deps.ledger.credit({
          clientId: body.clientId,
          userId,
          points: body.points,
          xp: 0,
          source: 'transfer',
          refType: 'partner_transfer_in',
          refId: row.id,
          reason: 'received from the partner program',
          idempotencyKey: `transfer-in:${body.partnerId}`,
          expiresAt,
        });
        await audit(tx, {
          actorId: null,
          clientId: body.clientId,
          action: 'transfer.receive',
          target: { type: 'incoming_point_transfer', id: row.id },
          details: { partnerId: body.partnerId, points: body.points, expiresAt: expiresAt.toISOString() },
        });
        return { id: row.id, points: row.points, expiresAt: expiresAt.toISOString(), replayed: false };
      });
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
