export * from './client.ts';
export { PG_TYPES } from './client-postgres.ts';
export { DataDirInUseError } from './data-dir-lock.ts';
export * from './migrate.ts';
export {
  copiesRoot,
  type DemoTemplate,
  demoTemplate,
  hasPgliteDatabase,
  keptPgliteCluster,
  saveDemoTemplate,
} from './pglite-template.ts';
export * from './repositories/catalog.ts';
export * from './repositories/catalog-api-keys.ts';
export * from './repositories/catalog-events.ts';
export * from './repositories/catalog-import.ts';
export * from './repositories/catalog-import-mappings.ts';
export * from './repositories/catalog-standard-edit.ts';
export * from './repositories/catalog-standards.ts';
export * from './repositories/catalogue-search.ts';
export * from './repositories/console-audit.ts';
export * from './repositories/console-deliveries.ts';
export * from './repositories/console-roles.ts';
export * from './repositories/event-matching.ts';
export * from './repositories/forecast-columns.ts';
export * from './repositories/identity.ts';
export * from './repositories/identity-key-rotation.ts';
export * from './repositories/industry-area-ics.ts';
export * from './repositories/jobs.ts';
export * from './repositories/list-import.ts';
export * from './repositories/mail.ts';
export * from './repositories/notification-centre.ts';
export * from './repositories/notification-digests.ts';
export * from './repositories/notification-preferences.ts';
export * from './repositories/notification-schedules.ts';
export * from './repositories/notification-status-reports.ts';
export * from './repositories/notifications.ts';
export * from './repositories/operational-metrics.ts';
export * from './repositories/organisation-evidence.ts';
export * from './repositories/organisation-invitations.ts';
export * from './repositories/organisation-list-mails.ts';
export * from './repositories/organisation-list-recipients.ts';
export * from './repositories/organisation-lists.ts';
export * from './repositories/organisation-review-notices.ts';
export * from './repositories/organisation-review-writes.ts';
export * from './repositories/organisation-reviews.ts';
export * from './repositories/organisations.ts';
export * from './repositories/profile-attributes.ts';
export * from './repositories/provisioned-users.ts';
export * from './repositories/review-alerts.ts';
export * from './repositories/review-forecasts.ts';
export * from './repositories/session-devices.ts';
export * from './repositories/signals.ts';
export * from './repositories/standard-citations.ts';
export * from './repositories/standard-history.ts';
export * from './repositories/standard-successors.ts';
export * from './repositories/store-definitions.ts';
export { svgProblems } from './repositories/svg-guard.ts';
export * from './repositories/tenants.ts';
export * from './repositories/test-digests.ts';
export * from './repositories/token-revocations.ts';
export * from './repositories/tracker.ts';
export * from './repositories/tracking-emails.ts';
export * from './repositories/user-contacts.ts';
export * from './repositories/user-credentials.ts';
export * from './repositories/user-factors.ts';
export * from './repositories/users.ts';
export * from './repositories/users-passwords.ts';
export * from './repositories/webauthn-credentials.ts';
export * from './repositories/webhook-outbox.ts';
export * from './repositories/webhooks.ts';
