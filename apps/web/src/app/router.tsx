import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import {
  completeRegisterGuard,
  loginGuard,
  notFoundLoader,
  portfolioGuard,
  publicGuard,
  redirectTo,
  requireBackOffice,
  requireSession,
  rootLoader,
} from './guards';
import { adminAreas } from './admin-area-names';
import { pendingStepsGuard, stepPaths } from '../features/accounts/api/pending-steps';
import { mandatorySurveyGuard } from '../features/surveys/api/mandatory-survey';
import { ModuleGate } from './layouts/module-gate';
import { PublicFrameLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { lazyLayout, lazyPage, PAGE_LOAD_TIMEOUT_MS, type PageModule } from './lazy-page';
import { loadAllCatalogs } from '../lib/i18n';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorBoundary } from './pages/route-error-boundary';
import type { RouteHandle, RouteTitleKey } from './route-handle';

const comingSoon = () => import('./pages/coming-soon-page');

// The signed-in frames are chunks of their own, loaded with the first screen that shows them: the login
// screen, which most first visits open, needs none of the shell (menus, navigation, the bell's channel).
const authenticatedLayout = lazyLayout(() =>
  import('./layouts/authenticated-layout').then((m) => m.AuthenticatedLayout),
);
const playerLayout = lazyLayout(() => import('./layouts/player-layout').then((m) => m.PlayerLayout));
const adminAreaGate = lazyLayout(() => import('./layouts/admin-area-gate').then((m) => m.AdminAreaGate));
const notFoundFrame = lazyLayout(() => import('./layouts/not-found-frame').then((m) => m.NotFoundFrame));

/** A screen of the spec whose feature arrives with a later issue: the shared "not available yet" page. */
/**
 * Pages show once every catalog area of the language is there: the first screen may have been loaded with
 * fewer (the login or home screen's, src/main.tsx) while the rest still arrive in the background.
 */
const allCatalogs = () =>
  loadAllCatalogs().catch((error: unknown) => console.error('Catalogs unavailable', error));

function soon(path: string, title: RouteTitleKey, extra: Omit<RouteHandle, 'title'> = {}): RouteObject {
  return {
    path,
    ...lazyPage(comingSoon, PAGE_LOAD_TIMEOUT_MS, allCatalogs),
    handle: { title, ...extra } satisfies RouteHandle,
  };
}

function page(
  path: string | undefined,
  title: RouteTitleKey,
  load: () => Promise<PageModule>,
  /** The home screen needs only the areas of the shell and home (`shellAreas`), loaded before it. */
  needsAllCatalogs = true,
): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    ...lazyPage(load, PAGE_LOAD_TIMEOUT_MS, needsAllCatalogs ? allCatalogs : undefined),
    handle: { title },
  };
}

const publicInstitutional = () => import('../features/institutional/pages/public-institutional-page');
const clientInstitutional = () => import('../features/institutional/pages/client-institutional-page');

const trail = 'trails/:id_trail';
const presentialInTrail = `${trail}/presential-catalogs/:id_catalog/presential-courses/:id`;

/** Public screens of spec section 2, except the login screen itself (it has its own layout). */
const publicScreens: RouteObject[] = [
  page(
    'maintenance-login',
    'routes:maintenanceLogin',
    () => import('../features/session/pages/maintenance-page'),
  ),
  page(
    'login-redirect-v2',
    'routes:loginRedirect',
    () => import('../features/accounts/pages/login-redirect-page'),
  ),
  page(
    'webservice-login',
    'routes:webserviceLogin',
    () => import('../features/accounts/pages/webservice-login-page'),
  ),
  page(
    'webservice-login/:token',
    'routes:webserviceLogin',
    () => import('../features/accounts/pages/webservice-login-page'),
  ),
  page('institutional/about', 'routes:institutionalAbout', publicInstitutional),
  page('institutional/cookies_policy', 'routes:institutionalCookiesPolicy', publicInstitutional),
  page('institutional/support', 'routes:institutionalSupport', publicInstitutional),
  page('institutional/privacy-policy', 'routes:institutionalPrivacyPolicy', publicInstitutional),
  page('institutional/terms-and-conditions', 'routes:institutionalTerms', publicInstitutional),
  page(
    'set-password/:username/:uidb64/:token',
    'routes:setPassword',
    () => import('../features/accounts/pages/password-link-page'),
  ),
  page(
    'request-password',
    'routes:requestPassword',
    () => import('../features/accounts/pages/request-password-page'),
  ),
  page(
    'recover-password/:username/:uidb64/:token',
    'routes:recoverPassword',
    () => import('../features/accounts/pages/password-link-page'),
  ),
  page('first_access', 'routes:firstAccess', () => import('../features/accounts/pages/first-access-page')),
  page('register', 'routes:register', () => import('../features/accounts/pages/register-page')),
  page(
    'register-success',
    'routes:registerSuccess',
    () => import('../features/accounts/pages/register-success-page'),
  ),
  page(
    'register-seven-trade',
    'routes:registerSevenTrade',
    () => import('../features/accounts/pages/register-page'),
  ),
  page(
    'register-pop-trade',
    'routes:registerPopTrade',
    () => import('../features/accounts/pages/register-page'),
  ),
  page(
    'intel-first-access',
    'routes:intelFirstAccess',
    () => import('../features/accounts/pages/register-page'),
  ),
  page(
    'intel-login-redirect',
    'routes:intelLoginRedirect',
    () => import('../features/accounts/pages/login-redirect-page'),
  ),
  page('tigre-juntos-somos-mais', 'routes:tigre', () => import('../features/accounts/pages/register-page')),
];

/** Authenticated screens inside the app shell (header, module navigation, user menu). */
const appScreens: RouteObject[] = [
  page('home', 'routes:home', () => import('./routes/home.route'), false),
  page('home/surveys/:survey_id', 'routes:homeSurvey', () => import('../features/surveys/pages/survey-page')),

  page('online-courses', 'routes:onlineCourses', () =>
    import('../features/learning/pages/catalog-list-page').then((m) => ({ default: m.CourseListPage })),
  ),
  page(
    'online-courses/:id',
    'routes:onlineCourse',
    () => import('../features/learning/pages/course-detail-page'),
  ),
  { path: 'courses', loader: redirectTo(() => '/online-courses') },
  { path: 'courses/:id', loader: redirectTo((p) => `/online-courses/${p.id}`) },

  page('trails', 'routes:trails', () =>
    import('../features/learning/pages/catalog-list-page').then((m) => ({ default: m.TrailListPage })),
  ),
  page('trails/:id', 'routes:trail', () => import('../features/learning/pages/trail-detail-page')),
  page(
    `${trail}/course/:id`,
    'routes:trailCourse',
    () => import('../features/learning/pages/course-detail-page'),
  ),
  soon(`${trail}/presential-catalogs/:id`, 'routes:trailPresentialCatalog'),

  soon('presential-courses', 'routes:presentialCourses'),
  soon('presential-courses/:id', 'routes:presentialCourse'),
  soon(presentialInTrail, 'routes:presentialCourse'),
  { path: 'presential', loader: redirectTo(() => '/presential-courses') },
  { path: 'presential/:id', loader: redirectTo((p) => `/presential-courses/${p.id}`) },

  soon('webinars', 'routes:webinars'),
  soon('webinars/:id', 'routes:webinar'),
  soon(`${trail}/webinars/:id`, 'routes:webinar'),
  { path: 'webcasts', loader: redirectTo(() => '/webinars') },
  { path: 'webcasts/:id', loader: redirectTo((p) => `/webinars/${p.id}`) },

  soon('live-classes', 'routes:liveClasses'),
  soon('live-classes/:id', 'routes:liveClass'),
  soon(`${trail}/live-classes/:id`, 'routes:liveClass'),

  soon('podcasts', 'routes:podcasts'),
  soon('podcasts/:id', 'routes:podcast'),
  soon('podcasts/search/:name', 'routes:podcastSearch'),

  soon('library', 'routes:library'),
  soon('library/:name', 'routes:libraryFolder'),
  soon('libraries/:id', 'routes:libraryItem'),

  soon('news', 'routes:news'),
  soon('news/:id', 'routes:newsItem'),

  page('reward-store', 'routes:rewardStore', () => import('../features/store/pages/store-page')),
  page(
    'reward-store/details/:id',
    'routes:rewardDetails',
    () => import('../features/store/pages/item-details-page'),
  ),

  page('ranking', 'routes:ranking', () => import('../features/ranking/pages/ranking-page')),

  page('points-table', 'routes:pointsTable', () => import('../features/loyalty/pages/points-table-page')),
  page('campaigns', 'routes:campaigns', () => import('../features/loyalty/pages/campaigns-page')),
  page('campaigns/levels', 'routes:levels', () => import('../features/loyalty/pages/levels-page')),
  page('profile', 'routes:profile', () => import('../features/profile/pages/profile-page')),
  soon('events', 'routes:events'),
  page('terms-and-conditions', 'routes:termsAndConditions', clientInstitutional),
  soon('faq', 'routes:faq'),
  page('support', 'routes:support', clientInstitutional),
  page('privacy-policy', 'routes:privacyPolicy', clientInstitutional),
  page('cookies', 'routes:cookies', clientInstitutional),
  soon('about-the-program', 'routes:aboutTheProgram'),
  page('about', 'routes:about', clientInstitutional),
  page('contact-us', 'routes:contactUs', clientInstitutional),
  page('insert-sales', 'routes:insertSales', () => import('../features/sales/pages/insert-sales-page')),
  page('upload-photos', 'routes:uploadPhotos', () => import('../features/sales/pages/upload-photos-page')),
  soon('about-the-team', 'routes:aboutTheTeam'),
  soon('hotsite', 'routes:hotsite'),
  page('sence', 'routes:sence', () => import('../features/sence/pages/sence-page')),
  page(
    'points-transfer',
    'routes:pointsTransfer',
    () => import('../features/transfers/pages/transfers-page'),
  ),
];

/** Activity player screens: full screen, without the module navigation. */
const playerScreens: RouteObject[] = [
  page(
    'courses/:id/activities/:hierarchy_order',
    'routes:courseActivity',
    () => import('../features/learning/pages/player-page'),
  ),
  page(
    `${trail}/course/:id/activities/:hierarchy_order`,
    'routes:courseActivity',
    () => import('../features/learning/pages/player-page'),
  ),
  soon('webinars/:id/activities/:hierarchy_order', 'routes:webinarActivity'),
  soon(`${trail}/webinars/:id/activities/:hierarchy_order`, 'routes:webinarActivity'),
  soon('live-classes/:id/activities/:hierarchy_order', 'routes:liveClassActivity'),
  soon(`${trail}/live-classes/:id/activities/:hierarchy_order`, 'routes:liveClassActivity'),
  ...['presential-courses/:id', presentialInTrail].flatMap((base) => [
    soon(
      `${base}/event/presential-class/:event_id/activities/:hierarchy_order`,
      'routes:presentialClassActivity',
    ),
    soon(`${base}/event/webinar/:event_id/activities/:hierarchy_order`, 'routes:presentialWebinarActivity'),
    soon(
      `${base}/event/live-class/:event_id/activities/:hierarchy_order`,
      'routes:presentialLiveClassActivity',
    ),
    page(
      `${base}/reactions/:hierarchy_order`,
      'routes:presentialReaction',
      () => import('../features/learning/pages/presential-reaction-page'),
    ),
  ]),
  soon('webinars-lounge/:id', 'routes:webinarLounge'),
  soon(`${trail}/webinars-lounge/:id`, 'routes:webinarLounge'),
  page('onboarding', 'routes:onboarding', () => import('../features/accounts/pages/onboarding-page')),
  {
    ...page(
      'complete-register',
      'routes:completeRegister',
      () => import('../features/accounts/pages/complete-register-page'),
    ),
    loader: completeRegisterGuard,
  },
  page(
    'change-password',
    'routes:changePassword',
    () => import('../features/accounts/pages/change-password-page'),
  ),
];

/** An unfinished account's steps come first (their own screens stay open), then a mandatory survey. */
async function appGuards(args: LoaderFunctionArgs) {
  const step = await pendingStepsGuard(args);
  if (step) return step;
  const path = new URL(args.request.url).pathname;
  return Object.values(stepPaths).includes(path) ? null : mandatorySurveyGuard(args);
}

const adminPage = () => import('./pages/admin-area-page');
/** Back-office areas built by the accounts back office (users, communications, settings). */
const accountsAdminPages: Partial<Record<(typeof adminAreas)[number], () => Promise<PageModule>>> = {
  users: () => import('../features/accounts-admin/pages/users-page'),
  communications: () => import('../features/accounts-admin/pages/outbox-page'),
  settings: () => import('../features/accounts-admin/pages/login-config-page'),
};

/** The learning back office: courses, trails, enrollments and reports. */
const learningAdminPages: Partial<Record<(typeof adminAreas)[number], () => Promise<PageModule>>> = {
  content: () => import('../features/learning-admin/pages/content-page'),
  assessments: () => import('../features/learning-admin/pages/assessments-page'),
};

/** The rewards back office: badges, certificates, balances and adjustments, the ledger check, settings. */
const rewardsAdminPages: Partial<Record<(typeof adminAreas)[number], () => Promise<PageModule>>> = {
  rewards: () => import('../features/rewards-admin/pages/rewards-overview-page'),
};
const rewardsPage = (path: string, load: () => Promise<PageModule>) =>
  page(`rewards/${path}`, 'admin:areas.rewards', load);

/** The loyalty program's back office: campaigns, stores, products and levels. */
const loyaltyAdminPages: Partial<Record<(typeof adminAreas)[number], () => Promise<PageModule>>> = {
  campaigns: () => import('../features/loyalty/pages/admin-campaigns-page'),
};
const loyaltyPage = (path: string, load: () => Promise<PageModule>) =>
  page(`campaigns/${path}`, 'admin:areas.campaigns', load);

/** The audit area: the sales audit queue. */
const auditAdminPages: Partial<Record<(typeof adminAreas)[number], () => Promise<PageModule>>> = {
  audit: () => import('../features/sales-audit/pages/sales-audit-page'),
};

const adminScreens: RouteObject[] = [
  page(undefined, 'admin:areas.overview', adminPage),
  ...adminAreas.map((area) =>
    page(
      area,
      `admin:areas.${area}`,
      accountsAdminPages[area] ??
        learningAdminPages[area] ??
        rewardsAdminPages[area] ??
        loyaltyAdminPages[area] ??
        auditAdminPages[area] ??
        adminPage,
    ),
  ),
  page(
    'assessments/:id',
    'admin:areas.assessments',
    () => import('../features/learning-admin/pages/assessments-page'),
  ),
  page(
    'content/courses/:id',
    'admin:areas.content',
    () => import('../features/learning-admin/pages/course-editor-page'),
  ),
  page(
    'content/trails/:id',
    'admin:areas.content',
    () => import('../features/learning-admin/pages/trail-editor-page'),
  ),
  page(
    'content/surveys',
    'admin:areas.content',
    () => import('../features/surveys/pages/surveys-admin-page'),
  ),
  page(
    'content/surveys/:id',
    'admin:areas.content',
    () => import('../features/surveys/pages/survey-builder-page'),
  ),
  page(
    'survey-results',
    'routes:surveyResults',
    () => import('../features/surveys/pages/owned-results-page'),
  ),
  page(
    'survey-results/:id',
    'routes:surveyResults',
    () => import('../features/surveys/pages/survey-results-page'),
  ),
  page(
    'reaction-results/:id',
    'routes:surveyResults',
    () => import('../features/learning-admin/pages/reaction-results-page'),
  ),
  page(
    'content/question-bank',
    'admin:areas.content',
    () => import('../features/question-bank/pages/question-bank-page'),
  ),
  page(
    'content/daily-challenge',
    'admin:areas.content',
    () => import('../features/daily-challenge/pages/daily-challenge-calendar-page'),
  ),
  page(
    'users/deletion-requests',
    'admin:areas.users',
    () => import('../features/accounts-admin/pages/deletion-requests-page'),
  ),
  page(
    'communications/tickets',
    'admin:areas.communications',
    () => import('../features/accounts-admin/pages/tickets-page'),
  ),
  page(
    'settings/pages',
    'admin:areas.settings',
    () => import('../features/accounts-admin/pages/pages-editor-page'),
  ),
  page(
    'settings/audit-trail',
    'admin:areas.settings',
    () => import('../features/accounts-admin/pages/audit-trail-page'),
  ),
  page('settings/jobs', 'admin:areas.settings', () => import('../features/accounts-admin/pages/jobs-page')),
  rewardsPage('badges', () => import('../features/rewards-admin/pages/badges-page')),
  rewardsPage('certificates', () => import('../features/rewards-admin/pages/certificates-page')),
  rewardsPage('accounts', () => import('../features/rewards-admin/pages/accounts-page')),
  rewardsPage('reconciliation', () => import('../features/rewards-admin/pages/reconciliation-page')),
  rewardsPage('settings', () => import('../features/rewards-admin/pages/settings-page')),
  rewardsPage('orders', () => import('../features/store/pages/admin-orders-page')),
  loyaltyPage('stores', () => import('../features/loyalty/pages/admin-stores-page')),
  loyaltyPage('products', () => import('../features/loyalty/pages/admin-products-page')),
  loyaltyPage('levels', () => import('../features/loyalty/pages/admin-levels-page')),
  loyaltyPage('level-requests', () => import('../features/loyalty/pages/admin-level-requests-page')),
  loyaltyPage(':id', () => import('../features/loyalty/pages/admin-campaign-editor-page')),
  rewardsPage('store-catalog', () => import('../features/store/pages/admin-catalog-page')),
  { path: '*', element: <NotFoundPage />, handle: { title: 'routes:notFound' } satisfies RouteHandle },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: rootLoader,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: () => null,
    children: [
      {
        loader: publicGuard,
        children: [
          {
            index: true,
            loader: loginGuard,
            ...lazyPage(() => import('../features/session/pages/login-page')),
            handle: { title: 'routes:login' } satisfies RouteHandle,
          },
          { Component: PublicFrameLayout, children: publicScreens },
        ],
      },
      {
        loader: portfolioGuard,
        Component: PublicFrameLayout,
        children: [
          page('portfolio', 'routes:portfolio', () =>
            import('../features/learning/pages/portfolio-pages').then((m) => ({ default: m.PortfolioPage })),
          ),
          page('portfolio-course/:slug', 'routes:portfolioCourse', () =>
            import('../features/learning/pages/portfolio-pages').then((m) => ({
              default: m.PortfolioCoursePage,
            })),
          ),
        ],
      },
      {
        Component: PublicFrameLayout,
        children: [
          page('about-team', 'routes:aboutTeam', () =>
            import('../features/learning/pages/portfolio-pages').then((m) => ({ default: m.AboutTeamPage })),
          ),
          page(
            'certificates/:code',
            'routes:certificateVerification',
            () => import('../features/rewards/pages/certificate-verification-page'),
          ),
        ],
      },
      {
        loader: requireSession,
        children: [
          {
            loader: appGuards,
            ...authenticatedLayout,
            ErrorBoundary: RouteErrorBoundary,
            children: [{ Component: ModuleGate, children: appScreens }],
          },
          {
            loader: appGuards,
            ...playerLayout,
            ErrorBoundary: RouteErrorBoundary,
            children: [{ Component: ModuleGate, children: playerScreens }],
          },
          {
            path: 'admin',
            loader: requireBackOffice,
            ...lazyPage(() => import('./layouts/admin-layout')),
            handle: { title: 'routes:admin' } satisfies RouteHandle,
            children: [{ ...adminAreaGate, children: adminScreens }],
          },
        ],
      },
      {
        loader: notFoundLoader,
        ...notFoundFrame,
        children: [
          {
            path: '*',
            element: <NotFoundPage />,
            handle: { title: 'routes:notFound' } satisfies RouteHandle,
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
