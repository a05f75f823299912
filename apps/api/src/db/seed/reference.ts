import type { Seeder } from './run-seeders';
import { countries, languages, sites } from '../schema/core';
import { loginBackground, wordmark } from './brand';
import { oauthApps } from '../schema/auth';

/** Data every installation needs, demo or not: languages, countries and the web app's OAuth client. */
export const referenceSeeder: Seeder = {
  name: 'reference',
  async run(db) {
    await db.insert(languages).values([
      { id: 1, code: 'pt-BR', name: 'Português (Brasil)' },
      { id: 2, code: 'en-US', name: 'English (US)' },
      { id: 3, code: 'es', name: 'Español' },
      { id: 4, code: 'fr', name: 'Français' },
    ]);
    await db.insert(countries).values([
      { code: 'BRA', name: 'Brasil', programGroup: 1 },
      { code: 'ARG', name: 'Argentina', programGroup: 1 },
      { code: 'CAN', name: 'Canadá', programGroup: 1 },
      { code: 'CHL', name: 'Chile', programGroup: 2 },
      { code: 'COL', name: 'Colômbia', programGroup: 2 },
      { code: 'MEX', name: 'México', programGroup: 2 },
      { code: 'PER', name: 'Peru', programGroup: 2 },
      { code: 'URY', name: 'Uruguai', programGroup: null },
      { code: 'USA', name: 'Estados Unidos', programGroup: null },
      { code: 'FRA', name: 'França', programGroup: null },
    ]);
    await db
      .insert(oauthApps)
      .values({ clientId: 'trilha-web', name: 'Trilha web app', confidential: false });
  },
};

export const defaultSiteSeeder: Seeder = {
  name: 'default-site',
  async run(db) {
    const logo = wordmark('Trilha', '#0b7285');
    await db.insert(sites).values({
      name: 'Trilha',
      isDefault: true,
      hosts: ['localhost', '127.0.0.1'],
      loginConfig: {
        colors: { primary: '#0b7285', secondary: '#f08c00', background: '#e6fcf5', text: '#1a1b1e' },
        logos: { 'pt-BR': logo, 'en-US': logo, es: logo, fr: logo },
        backgroundImage: loginBackground('#0b7285', '#15aabf'),
        defaultLanguage: 'pt-BR',
        oauth2: { google: false },
        recaptcha: false,
        preRegister: false,
        register: true,
        publicFaq: true,
        maintenance: false,
        cookies: { banner: true, policyUrl: '/institutional/cookies_policy' },
        passwordStrength: 'medium',
        registerFields: ['first_name', 'last_name', 'email', 'document', 'phone', 'country'],
        support: true,
        portfolio: false,
        directAccess: false,
      },
    });
  },
};
