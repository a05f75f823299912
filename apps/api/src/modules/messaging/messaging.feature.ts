import type { Feature } from '../../features';
import { createMessagingService, type MessagingService } from './messaging.service';
import { captureDir, createMessageCapture } from './capture';
import { createEmailTransport, createTextProvider } from './providers';

/**
 * Messaging: e-mail, SMS and WhatsApp delivery with every message kept in the outbox (secrets hidden);
 * outside production the recipient's copy is also captured under DATA_DIR/mail-capture.
 */
export const messagingFeature: Feature = {
  name: 'messaging',
  register(app, deps): MessagingService {
    const { config } = deps;
    return createMessagingService({
      db: deps.db,
      email: createEmailTransport(config),
      sms: createTextProvider('sms', config.SMS_PROVIDER, config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN),
      whatsapp: createTextProvider(
        'whatsapp',
        config.WHATSAPP_PROVIDER,
        config.WHATSAPP_HTTP_URL,
        config.WHATSAPP_HTTP_TOKEN,
      ),
      mailFrom: config.MAIL_FROM,
      capture:
        config.NODE_ENV === 'production' ? undefined : createMessageCapture(captureDir(config.DATA_DIR)),
      log: (msg, err) => app.log.warn({ err }, msg),
    });
  },
};
