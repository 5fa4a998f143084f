import 'i18next';
import type auth from '@dilosi/domain/i18n/el/auth.json';
import type dashboard from '@dilosi/domain/i18n/el/dashboard.json';
import type errors from '@dilosi/domain/i18n/el/errors.json';
import type joint from '@dilosi/domain/i18n/el/joint.json';
import type messages from '@dilosi/domain/i18n/el/messages.json';
import type ui from '@dilosi/domain/i18n/el/ui.json';
import type validation from '@dilosi/domain/i18n/el/validation.json';
import type vault from '@dilosi/domain/i18n/el/vault.json';
import type validationPage from '@dilosi/domain/i18n/el/validation-page.json';
import type vaultExport from '@dilosi/domain/i18n/el/vault-export.json';
import type wizard from '@dilosi/domain/i18n/el/wizard.json';

// Greek is the reference catalog: a key missing from it is a type error.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface CustomTypeOptions {
    defaultNS: 'ui';
    resources: {
      ui: typeof ui;
      validation: typeof validation;
      'validation-page': typeof validationPage;
      errors: typeof errors;
      auth: typeof auth;
      wizard: typeof wizard;
      dashboard: typeof dashboard;
      messages: typeof messages;
      'vault-export': typeof vaultExport;
      vault: typeof vault;
      joint: typeof joint;
    };
  }
}
