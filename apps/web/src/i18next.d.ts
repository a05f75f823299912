import type accounts from '@trilha/i18n/locales/pt-BR/accounts.json';
import type accountsAdmin from '@trilha/i18n/locales/pt-BR/accounts-admin.json';
import type assessmentsPlayer from '@trilha/i18n/locales/pt-BR/assessments-player.json';
import type admin from '@trilha/i18n/locales/pt-BR/admin.json';
import type auth from '@trilha/i18n/locales/pt-BR/auth.json';
import type common from '@trilha/i18n/locales/pt-BR/common.json';
import type errors from '@trilha/i18n/locales/pt-BR/errors.json';
import type home from '@trilha/i18n/locales/pt-BR/home.json';
import type institutional from '@trilha/i18n/locales/pt-BR/institutional.json';
import type learning from '@trilha/i18n/locales/pt-BR/learning.json';
import type learningAdmin from '@trilha/i18n/locales/pt-BR/learning-admin.json';
import type nav from '@trilha/i18n/locales/pt-BR/nav.json';
import type questionBank from '@trilha/i18n/locales/pt-BR/question-bank.json';
import type profile from '@trilha/i18n/locales/pt-BR/profile.json';
import type rewards from '@trilha/i18n/locales/pt-BR/rewards.json';
import type rewardsAdmin from '@trilha/i18n/locales/pt-BR/rewards-admin.json';
import type routes from '@trilha/i18n/locales/pt-BR/routes.json';
import type surveys from '@trilha/i18n/locales/pt-BR/surveys.json';
import type store from '@trilha/i18n/locales/pt-BR/store.json';
import type ranking from '@trilha/i18n/locales/pt-BR/ranking.json';
import type dailyChallenge from '@trilha/i18n/locales/pt-BR/daily-challenge.json';
import type sales from '@trilha/i18n/locales/pt-BR/sales.json';
import type salesAudit from '@trilha/i18n/locales/pt-BR/sales-audit.json';
import type sence from '@trilha/i18n/locales/pt-BR/sence.json';
import type games from '@trilha/i18n/locales/pt-BR/games.json';
import type loyalty from '@trilha/i18n/locales/pt-BR/loyalty.json';

// Keys are checked against the default catalog; the catalog test keeps the other languages in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      accounts: typeof accounts;
      'accounts-admin': typeof accountsAdmin;
      admin: typeof admin;
      'assessments-player': typeof assessmentsPlayer;
      auth: typeof auth;
      common: typeof common;
      errors: typeof errors;
      home: typeof home;
      institutional: typeof institutional;
      learning: typeof learning;
      'learning-admin': typeof learningAdmin;
      nav: typeof nav;
      profile: typeof profile;
      'question-bank': typeof questionBank;
      rewards: typeof rewards;
      'rewards-admin': typeof rewardsAdmin;
      routes: typeof routes;
      surveys: typeof surveys;
      store: typeof store;
      ranking: typeof ranking;
      'daily-challenge': typeof dailyChallenge;
      sales: typeof sales;
      'sales-audit': typeof salesAudit;
      sence: typeof sence;
      games: typeof games;
      loyalty: typeof loyalty;
    };
  }
}
