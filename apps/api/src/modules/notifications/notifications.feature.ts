import { errorBody } from '@trilha/contracts/errors';
import { notificationPreferences } from '@trilha/contracts/notification-preferences';
import { languageCodes } from '@trilha/contracts/session';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { unitOfWork } from '../../db/unit-of-work';
import { translateFieldErrors } from '../../lib/field-errors';
import type { MessagingService } from '../messaging/messaging.service';
import { createPreferencesRepo } from './preferences.repo';

/** Tries of an e-mail job: the first and this many retries (the message itself is retried by messaging). */
export const NOTIFICATION_EMAIL_RETRY_LIMIT = 5;

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['profile'];

/**
 * The e-mail side of notifications, registered once messaging exists: the signed-in user's choices of
 * which groups of notifications also come by e-mail, and the job that sends one notification's e-mail
 * (queued by `notify` in the unit that writes the inbox message). docs/product-rules.md, Notifications.
 */
export function registerNotifications(app: App, deps: CoreDeps & { messaging: MessagingService }) {
  const { notifications, directory } = deps.services;
  const { requireClient } = deps.guards;

  deps.jobs.define({
    name: 'notifications.email',
    retryLimit: NOTIFICATION_EMAIL_RETRY_LIMIT,
    retryDelaySeconds: 30,
    /**
     * Queues the e-mail of one inbox message through messaging (outbox, sealed texts, delivery retries),
     * once: the message's claim row and the outbox message are written in one unit, so a retried or
     * repeated job finds the claim and sends nothing, and a failed one leaves no claim behind.
     */
    async handler({ userId, clientId, messageId }) {
      await unitOfWork(deps.db).run(async (tx) => {
        const repo = createPreferencesRepo(tx, clientId);
        const message = await repo.message(messageId, userId);
        if (!message) return;
        if (!(await repo.claim(messageId))) return;
        const found = await directory.withActiveMemberships(userId);
        // No address, or no longer a member of the client (blocked, removed): claimed, nothing sent.
        if (!found?.user.email || !found.memberships.some((m) => m.clientId === clientId)) return;
        const stored = await directory.languageOf(userId, tx);
        const sent = await deps.messaging.send(
          {
            channel: 'email',
            to: found.user.email,
            template: 'notification',
            params: {
              name: found.user.firstName || found.user.username,
              title: message.title,
              text: message.body,
              link: `${deps.config.PUBLIC_URL}/profile?tab=inbox`,
              settings: `${deps.config.PUBLIC_URL}/profile?tab=preferences`,
            },
            lang: languageCodes.find((c) => c === stored) ?? 'pt-BR',
            userId,
            clientId,
          },
          { tx },
        );
        await repo.setOutbox(messageId, sent.id);
      });
    },
  });

  app.get(
    '/api/profile/notification-preferences',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'My choices of which notifications also come by e-mail (in the selected client)',
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) => notifications.preferences(request.auth!.userId, request.tenant!.clientId),
  );

  app.put(
    '/api/profile/notification-preferences',
    {
      preHandler: [requireClient, translateFieldErrors],
      attachValidation: true,
      schema: {
        tags,
        summary: 'Saves my choices of which notifications also come by e-mail',
        body: notificationPreferences,
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) =>
      notifications.savePreferences(request.auth!.userId, request.tenant!.clientId, request.body),
  );
}
