import type { NotificationData } from '@mantine/notifications';

/**
 * Shows a notification from code that every screen loads (the session's language and client switches):
 * Mantine's notifications module is imported on first use, so it stays out of the first screen's bundle.
 * The container is mounted by AppProviders once the first screen has painted.
 */
export function showNotification(data: NotificationData): void {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}
