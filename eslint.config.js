import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The web app's features, each a folder of apps/web/src/features. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webNeverImportsApi = {
  group: ['**/apps/api/**', '@trilha/api', '@trilha/api/*'],
  message: 'The web never imports from the API.',
};
const apiNeverImportsWeb = {
  group: ['**/apps/web/**', '@trilha/web', '@trilha/web/*'],
  message: 'The API never imports from the web.',
};

/** The API's modules, each a folder of apps/api/src/modules. */
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The API's schema files (apps/api/src/db/schema/<file>.ts), one or more per migration area (db/areas.ts). */
const apiSchemaFiles = readdirSync(new URL('./apps/api/src/db/schema', import.meta.url))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.slice(0, -'.ts'.length));
/**
 * The schema files whose tables each API module may query, besides core.ts (languages, countries, sites,
 * clients, settings: reference data every module reads). A schema file holds a migration area's tables,
 * so a module is listed with the file its own tables live in: the outbox (messaging) is in accounts.ts;
 * institutional pages, support tickets, the inbox and deletion requests are in profile.ts. users.ts holds
 * the users module's tables and the audit log; the modules listed with it still join or write users and
 * memberships directly. Any other module (session, site, a new one) reaches them through a service or a
 * port another module provides (modules/users/user-directory.ts), never through the tables.
 */
const apiModuleSchema = {
  accounts: ['accounts', 'users'],
  assessments: ['assessments'],
  'accounts-admin': ['profile', 'users'],
  audit: ['users'],
  auth: ['auth', 'users'],
  institutional: ['profile'],
  learning: ['learning'],
  loyalty: ['loyalty'],
  messaging: ['accounts'],
  notifications: ['profile'],
  profile: ['profile', 'users'],
  rewards: ['ledger', 'awards', 'certificates'],
  sales: ['sales'],
  store: ['store'],
  surveys: ['surveys'],
  transfers: ['transfers'],
  users: ['users'],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/api/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/demo-assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware rules: a promise is awaited, returned or explicitly `void`ed, and no `any` flows silently
  // through the application code. Tests read `inject().json()` (typed `any` by Fastify) freely.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'apps/api/test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through config.ts only.',
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/config.ts',
      'scripts/**',
      '.ci/**',
      'playwright.config.ts',
      'vitest.config.ts',
      'apps/api/test/**',
      'apps/api/bench/**',
      'apps/web/e2e/**',
      'apps/api/drizzle.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [webNeverImportsApi] }],
    },
  },
  // A feature is reached only through the routes the app composes: no feature imports another one, and
  // the shared code (lib, components) imports none. What two features share moves to lib or components.
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNeverImportsApi,
            { regex: '(^|/)features(/|$)', message: 'Shared web code never imports a feature.' },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNeverImportsApi,
            {
              regex: `\\.\\./(${webFeatures.filter((other) => other !== feature).join('|')})(/|$)`,
              message: `The ${feature} feature never imports another feature: share through lib or components.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [apiNeverImportsWeb] }],
    },
  },
  // A transaction of the app is a unit of work (apps/api/src/db/unit-of-work.ts): the services it calls join
  // it and its after-commit work runs once it commits. A plain `db.transaction(...)` outside one is neither.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/config.ts', 'apps/api/src/db/unit-of-work.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through config.ts only.',
        },
        {
          selector:
            "CallExpression[callee.property.name='transaction']:matches([callee.object.name=/^(db|tx)$/], [callee.object.property.name='db'])",
          message:
            'Open a unit of work: unitOfWork(db).run(async (tx) => ...) (apps/api/src/db/unit-of-work.ts).',
        },
      ],
    },
  },
  // An API module's public face is its service (or a port it provides): no module imports another one's
  // repo, nor queries the tables of a schema file that is not its own (apiModuleSchema). Tests arrange
  // their data in any table, so they are left out.
  ...apiModules.map((module) => {
    const others = apiModules.filter((other) => other !== module);
    const foreignSchema = apiSchemaFiles.filter(
      (file) => file !== 'core' && !(apiModuleSchema[module] ?? []).includes(file),
    );
    return {
      files: [`apps/api/src/modules/${module}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              apiNeverImportsWeb,
              {
                regex: `^(\\.\\./)+(${others.join('|')})/(.*/)?[^/]+\\.repo(\\.[jt]s)?$`,
                message: `Another module's repo is its own: the ${module} module uses that module's service or port.`,
              },
              {
                regex: '(^|/)db/schema(\\.[jt]s)?$',
                message: 'A module imports the schema file of its own tables, not every table at once.',
              },
              ...(foreignSchema.length
                ? [
                    {
                      regex: `(^|/)db/schema/(${foreignSchema.join('|')})(\\.[jt]s)?$`,
                      message: `These tables are another module's: the ${module} module reaches them through that module's service or port.`,
                    },
                  ]
                : []),
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'react', 'fastify', '@trilha/api', '@trilha/web'],
              message: 'Packages stay independent of apps and frameworks.',
            },
          ],
        },
      ],
    },
  },
);
