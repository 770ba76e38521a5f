export * from './branding.ts';
export * from './invite-strings.ts';
export { changeRows, escapeHtml, linesHtml, notificationSubject } from './notification-mjml.ts';
export * from './qp.ts';
export * from './render.ts';
export * from './sign-in-mail.ts';
export * from './sign-in-strings.ts';
export * from './strings.ts';
export * from './unsubscribe-page.ts';
