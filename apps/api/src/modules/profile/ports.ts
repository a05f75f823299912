import type { LanguageCode } from '@trilha/contracts/session';

/**
 * What the profile, institutional and accounts back-office areas use of the messaging and accounts
 * features (registered before them). Only the calls used here are named; the features' own services
 * are wider.
 */
export interface MessagingPort {
  send(message: {
    channel: 'email' | 'sms' | 'whatsapp';
    to: string;
    template: string;
    params: Record<string, string | number>;
    lang: LanguageCode;
    userId?: number;
  }): Promise<unknown>;
  listOutbox(query: Record<string, unknown>): Promise<unknown>;
}

export interface AccountsPort {
  sendSetPasswordLink(userId: number, lang: LanguageCode, clientId?: number): Promise<unknown>;
  issueCode(
    userId: number,
    purpose: 'phone_verify',
    channel: 'sms' | 'whatsapp',
    lang?: LanguageCode,
  ): Promise<unknown>;
  verifyCode(userId: number, purpose: 'phone_verify', code: string): Promise<unknown>;
  approve(userId: number, actorId?: number, clientId?: number): Promise<unknown>;
}

export function messagingOf(features: Record<string, unknown>): MessagingPort | undefined {
  return features.messaging as MessagingPort | undefined;
}

export function accountsOf(features: Record<string, unknown>): AccountsPort | undefined {
  return features.accounts as AccountsPort | undefined;
}
