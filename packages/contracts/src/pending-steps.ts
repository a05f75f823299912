import { z } from 'zod';

/**
 * What the app still needs from a signed-in user before the rest of it opens. Apart from accounts.ts
 * because the route guard reads it on every navigation: the app shell must not load the registration
 * validators (and their phone-number data) for it.
 */
export const pendingStep = z.enum(['change_password', 'complete_register', 'onboarding']);
export type PendingStep = z.infer<typeof pendingStep>;
export const pendingStepsResponse = z.object({
  steps: z.array(pendingStep),
  /** The fields complete-register still asks (names as in registerFieldNames, plus 'terms', 'affiliation'). */
  missing: z.array(z.string()),
});
export type PendingStepsResponse = z.infer<typeof pendingStepsResponse>;
