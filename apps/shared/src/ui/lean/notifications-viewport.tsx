import { dismissNotification, useNotifications } from '../../feedback/notifications';

/** Renders the notifications of every app; each closes itself after 5000 ms. */
export function NotificationsViewport() {
  const notifications = useNotifications();
  return (
    <div className="lean-notifications" aria-live="polite">
      {notifications.map((notification) => (
        <div
          key={notification.id}
          className={`lean-notification lean-notification--${notification.tone}`}
          role={notification.tone === 'error' ? 'alert' : 'status'}
        >
          <div className="lean-notification__text">
            {notification.title !== undefined && <strong>{notification.title}</strong>}
            <span>{notification.message}</span>
          </div>
          <button
            type="button"
            className="lean-notification__close"
            aria-label="Close notification"
            onClick={() => dismissNotification(notification.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
