import { z } from 'zod';

/**
 * The header bell's count of unread internal messages. Kept apart from profile.ts so the app shell, which
 * shows the bell on every screen, does not load the profile's validators (and their phone-number data).
 */
export const unreadCountResponse = z.object({ count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;
