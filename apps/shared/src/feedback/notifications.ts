// Notifications close by themselves after 5000 ms.
import { createStore, useStore } from '../lib/create-store';

export const NOTIFICATION_TIMEOUT_MS = 5000;

export type NotificationTone = 'info' | 'success' | 'error';

export type Notification = { id: number; message: string; title?: string; tone: NotificationTone };

export const notifications = createStore<Notification[]>([]);

let nextId = 1;

export function notify(message: string, options: { title?: string; tone?: NotificationTone } = {}): number {
  const id = nextId++;
  const notification: Notification = { id, message, tone: options.tone ?? 'info' };
  if (options.title !== undefined) notification.title = options.title;
  notifications.set((current) => [...current, notification]);
  setTimeout(() => dismissNotification(id), NOTIFICATION_TIMEOUT_MS);
  return id;
}

/** An alert: an error notification (the API's failure messages are shown this way). */
export function alertError(message: string, title?: string): number {
  return notify(message, title === undefined ? { tone: 'error' } : { tone: 'error', title });
}

export function dismissNotification(id: number): void {
  notifications.set((current) => (current.some((n) => n.id === id) ? current.filter((n) => n.id !== id) : current));
}

export function useNotifications(): Notification[] {
  return useStore(notifications);
}
