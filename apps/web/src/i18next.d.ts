import type admin from '@trilha/i18n/locales/pt-BR/admin.json';
import type auth from '@trilha/i18n/locales/pt-BR/auth.json';
import type common from '@trilha/i18n/locales/pt-BR/common.json';
import type errors from '@trilha/i18n/locales/pt-BR/errors.json';
import type home from '@trilha/i18n/locales/pt-BR/home.json';
import type learning from '@trilha/i18n/locales/pt-BR/learning.json';
import type learningAdmin from '@trilha/i18n/locales/pt-BR/learning-admin.json';
import type nav from '@trilha/i18n/locales/pt-BR/nav.json';
import type routes from '@trilha/i18n/locales/pt-BR/routes.json';

// Keys are checked against the default catalog; the catalog test keeps the other languages in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      auth: typeof auth;
      common: typeof common;
      errors: typeof errors;
      home: typeof home;
      learning: typeof learning;
      'learning-admin': typeof learningAdmin;
      nav: typeof nav;
      routes: typeof routes;
    };
  }
}
