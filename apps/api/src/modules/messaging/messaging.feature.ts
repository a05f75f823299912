import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { createMessagingService, type MessagingService } from './messaging.service';
import { captureDir, createMessageCapture } from './capture';
import { createEmailTransport, createTextProvider } from './providers';
import { createReachability, httpAddress, smtpAddress } from './reachability';
import { createSealer, resolveMessageKey } from './sealed';

/**
 * Messaging: e-mail, SMS and WhatsApp delivery through the job queue, with every message kept in the
 * outbox (secrets hidden); outside production the recipient's copy is also captured under
 * DATA_DIR/mail-capture. docs/messaging.md tells the whole flow.
 */
export async function registerMessaging(app: App, deps: CoreDeps): Promise<MessagingService> {
  const { config } = deps;
  const sms = createTextProvider('sms', config.SMS_PROVIDER, config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN);
  const whatsapp = createTextProvider(
    'whatsapp',
    config.WHATSAPP_PROVIDER,
    config.WHATSAPP_HTTP_URL,
    config.WHATSAPP_HTTP_TOKEN,
  );
  return createMessagingService({
    db: deps.db,
    users: deps.services.directory,
    jobs: deps.jobs,
    email: createEmailTransport(config),
    sms,
    whatsapp,
    mailFrom: config.MAIL_FROM,
    sealer: createSealer(await resolveMessageKey(deps.db, config.MESSAGE_KEY)),
    // Only the providers that are really on the network are checked (a 'log' provider sends nothing).
    reachability: createReachability({
      email: smtpAddress(config.SMTP_URL),
      sms: sms.name === 'http' ? httpAddress(config.SMS_HTTP_URL) : undefined,
      whatsapp: whatsapp.name === 'http' ? httpAddress(config.WHATSAPP_HTTP_URL) : undefined,
    }),
    capture: config.NODE_ENV === 'production' ? undefined : createMessageCapture(captureDir(config.DATA_DIR)),
    log: (msg, err) => app.log.warn({ err }, msg),
  });
}
