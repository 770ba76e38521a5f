// The notification centre's public surface: the shell lazily loads the bell (which opens
// the panel); the account area shows the feed settings; the tracker table marks changed standards.
export { ChangedBadge } from './components/changed-badge.tsx';
export { FeedSettings } from './components/feed-settings.tsx';
export { default as NotificationBell } from './components/notification-bell.tsx';
