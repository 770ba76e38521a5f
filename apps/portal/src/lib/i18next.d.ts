import 'i18next';
import type enCommon from '../../public/locales/en/common.json';

// Translation keys are checked at compile time against the English file, the reference for every language.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof enCommon };
  }
}
