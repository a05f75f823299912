import type { AccountsService } from '../accounts/accounts.service';
import type { MessagingService } from '../messaging/messaging.service';

/**
 * What the profile, institutional and accounts back-office areas use of the messaging and accounts
 * modules (built before them; buildApp hands them over, typed). Only the calls used here are named: a
 * port is a slice of the other module's service interface, never its repo or tables.
 */
export type MessagingPort = Pick<MessagingService, 'send' | 'listOutbox'>;

export type AccountsPort = Pick<
  AccountsService,
  'sendSetPasswordLink' | 'issueCode' | 'verifyCode' | 'approve'
>;
