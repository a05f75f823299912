import type { AdjustmentBody, AdjustmentResult } from '@trilha/contracts/rewards/ledger';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { notFound } from '../../lib/errors';
import { fieldError } from '../../lib/field-errors';
import type { NotificationService } from '../notifications/notifications.service';
import { audit } from '../audit/audit';
import { createLedgerRepo } from './ledger.repo';
import type { LedgerService } from './ledger.service';
import type { BadgesService } from './badges.service';

/**
 * The program administrator's manual adjustments: one entry either way, audited with the balances
 * before and after and the reason, and told to the user, all in one unit of work. An adjustment up can
 * cross a points or XP threshold: the badges' same check as an award's credit runs in that unit too.
 */
export function createLedgerAdmin(deps: {
  db: Db;
  ledger: LedgerService;
  notifications: NotificationService;
  badges: Pick<BadgesService, 'grantThresholds'>;
}) {
  const repo = createLedgerRepo(deps.db);
  const { ledger } = deps;

  return {
    async adjust(input: {
      clientId: number;
      actorId: number;
      /** The request's Idempotency-Key: a retried request finds its entry instead of writing another. */
      requestKey: string;
      body: AdjustmentBody;
    }): Promise<AdjustmentResult> {
      const { clientId, actorId, body } = input;
      const { userId, amount, reason } = body;
      const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
      if (expiresAt && expiresAt.getTime() <= Date.now())
        throw fieldError('expiresAt', 'REWARDS_EXPIRY_INVALID');
      return unitOfWork(deps.db).run(async (tx) => {
        if (!(await repo.isMember(clientId, userId))) throw notFound();
        const common = {
          clientId,
          userId,
          source: 'adjustment' as const,
          actorId,
          reason,
          idempotencyKey: `adjustment:${actorId}:${input.requestKey}`,
        };
        const move =
          body.ledger === 'points'
            ? amount > 0
              ? await ledger.credit({ ...common, points: amount, xp: 0, expiresAt })
              : await ledger.debit({ ...common, points: -amount })
            : amount > 0
              ? await ledger.credit({ ...common, points: 0, xp: amount })
              : await ledger.moveXp({ ...common, amount });
        const entryId = (body.ledger === 'points' ? move.pointsEntryId : move.xpEntryId)!;
        const balance = body.ledger === 'points' ? move.balance.points : move.balance.xp;
        if (!move.replayed) {
          await audit(tx, {
            actorId,
            clientId,
            action: body.ledger === 'points' ? 'points.adjust' : 'xp.adjust',
            target: { type: 'reward_account', id: userId },
            before: { [body.ledger]: balance - amount },
            after: { [body.ledger]: balance },
            details: {
              amount,
              reason,
              entryId,
              ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
            },
          });
          await deps.notifications.notify(
            { userId, clientId, kind: 'rewards.adjusted', data: { amount, ledger: body.ledger, reason } },
            { tx },
          );
          if (amount > 0) {
            await deps.badges.grantThresholds(
              clientId,
              userId,
              { type: 'adjustment', id: entryId },
              new Date(),
            );
          }
        }
        return { entryId, balance };
      });
    },
  };
}

export type LedgerAdmin = ReturnType<typeof createLedgerAdmin>;
