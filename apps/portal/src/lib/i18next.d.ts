import 'i18next';
import type enAccount from '../../public/locales/en/account.json';
import type enCommon from '../../public/locales/en/common.json';
import type enConsole from '../../public/locales/en/console.json';
import type enConsoleActivity from '../../public/locales/en/console-activity.json';
import type enConsoleCatalog from '../../public/locales/en/console-catalog.json';
import type enConsoleStores from '../../public/locales/en/console-stores.json';
import type enNotifications from '../../public/locales/en/notifications.json';
import type enOrganisations from '../../public/locales/en/organisations.json';
import type enSignin from '../../public/locales/en/signin.json';
import type enTracker from '../../public/locales/en/tracker.json';
import type enWebhooks from '../../public/locales/en/webhooks.json';

// Translation keys are checked at compile time against the English files, the reference for every language.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof enCommon;
      tracker: typeof enTracker;
      signin: typeof enSignin;
      account: typeof enAccount;
      console: typeof enConsole;
      'console-catalog': typeof enConsoleCatalog;
      'console-activity': typeof enConsoleActivity;
      'console-stores': typeof enConsoleStores;
      notifications: typeof enNotifications;
      webhooks: typeof enWebhooks;
      organisations: typeof enOrganisations;
    };
  }
}
