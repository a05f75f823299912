/**
 * Learning API: online courses, trails, enrollment, progress, the activity player, the public portfolio
 * and the learning back office. Every learner route needs a session and a selected client; every list,
 * detail, player payload and file is scoped to that client and to the audiences (areas, groups,
 * countries, profiles) the content is limited to: content out of scope answers 404, never 403.
 *
 * Routes (all JSON unless noted; `:order` is a hierarchy order like `1.2`):
 *
 * Learner
 *   GET    /api/learning/filters                                     → learningFilterOptions
 *   GET    /api/learning/courses?…courseListQuery                     → courseListPage
 *   GET    /api/learning/courses/:id                                  → courseDetail
 *   PUT    /api/learning/courses/:id/favorite      favoriteBody       → favoriteResponse
 *   POST   /api/learning/courses/:id/enrollment                       → enrollmentResponse
 *   DELETE /api/learning/courses/:id/enrollment                       → enrollmentResponse
 *   GET    /api/learning/courses/:id/activities/:order                → playerPayload
 *   GET    /api/learning/trails?…trailListQuery                       → trailListPage
 *   GET    /api/learning/trails/:id                                   → trailDetail
 *   PUT    /api/learning/trails/:id/favorite       favoriteBody       → favoriteResponse
 *   POST   /api/learning/trails/:id/enrollment                        → enrollmentResponse
 *   DELETE /api/learning/trails/:id/enrollment                        → enrollmentResponse
 *   GET    /api/learning/trails/:trailId/courses/:id                  → courseDetail (with `trail`)
 *   GET    /api/learning/trails/:trailId/courses/:id/activities/:order → playerPayload (with `trail`)
 *   POST   /api/learning/activities/:id/progress?trailId   activityProgressBody → progressResponse
 *   POST   /api/learning/activities/:id/scorm/commit?trailId scormCommitBody  → progressResponse
 *   GET    /api/learning/activities/:id/reaction?trailId             → learnerReaction (learning/reactions.ts)
 *   POST   /api/learning/activities/:id/reaction?trailId reactionAnswerBody → reactionAnswered
 *   GET    /api/learning/content/:token/*  (file bytes: Range, signed URL from the player payload;
 *          html and SCORM are served with `Content-Security-Policy: sandbox allow-scripts
 *          allow-same-origin allow-forms`)
 *
 * Instructor (role instructor, manager, program_admin, or superuser)
 *   GET    /api/learning/activities/:id/authorizations                → activityAuthorizationList
 *   POST   /api/learning/activities/:id/authorizations authorizeBody  → activityAuthorizationList
 *   DELETE /api/learning/activities/:id/authorizations/:userId        → activityAuthorizationList
 *
 * Public (no session; only when the site's login config `portfolio` is on)
 *   GET    /api/public/portfolio?page&pageSize&search                 → portfolioPage
 *   GET    /api/public/portfolio/courses/:slug   (id after `-id-`)    → portfolioCourse
 *   GET    /api/public/about-team                                     → aboutTeam
 *
 * Back office (role manager or superuser; every route checks the role in the selected client)
 *   GET    /api/admin/learning/taxonomy                               → learningTaxonomy
 *   POST   /api/admin/learning/taxonomy/:kind      taxonomyBody       → taxonomyItem
 *   PUT    /api/admin/learning/users/:userId/audience userAudienceBody → userAudience
 *   GET    /api/admin/learning/courses?…adminCourseListQuery           → adminCourseListPage
 *   POST   /api/admin/learning/courses             courseBody         → adminCourse
 *   GET    /api/admin/learning/courses/:id                            → adminCourse
 *   PUT    /api/admin/learning/courses/:id         courseBody         → adminCourse
 *   POST   /api/admin/learning/courses/:id/cover   (multipart `file`, image) → adminCourse
 *   PUT    /api/admin/learning/courses/:id/publish publishBody        → adminCourse
 *   PUT    /api/admin/learning/courses/:id/audience audienceBody      → adminCourse
 *   POST   /api/admin/learning/courses/:id/modules moduleBody         → adminCourse
 *   PUT    /api/admin/learning/modules/:id         moduleBody         → adminCourse
 *   DELETE /api/admin/learning/modules/:id                            → adminCourse
 *   POST   /api/admin/learning/modules/:id/activities activityBody    → adminCourse
 *   PUT    /api/admin/learning/activities/:id      activityBody       → adminCourse
 *   DELETE /api/admin/learning/activities/:id                         → adminCourse
 *   POST   /api/admin/learning/activities/:id/file (multipart `file`; SCORM zip for kind scorm) → adminCourse
 *   GET    /api/admin/learning/courses/:id/enrollments?page&pageSize&search → enrollmentPage
 *   POST   /api/admin/learning/courses/:id/enrollments enrollUsersBody → enrollUsersResponse
 *   DELETE /api/admin/learning/courses/:id/enrollments/:userId        → okResponse (auth.ts)
 *   GET    /api/admin/learning/courses/:id/report?page&pageSize&search → courseReportPage
 *   GET    /api/admin/learning/courses/:id/report.csv                 (text/csv, UTF-8 with BOM)
 *   GET    /api/admin/learning/trails                                 → adminTrailListPage
 *   POST   /api/admin/learning/trails              trailBody          → adminTrail
 *   GET    /api/admin/learning/trails/:id                             → adminTrail
 *   PUT    /api/admin/learning/trails/:id          trailBody          → adminTrail
 *   PUT    /api/admin/learning/trails/:id/items    trailItemsBody     → adminTrail
 *   POST   /api/admin/learning/trails/:id/cover    (multipart `file`, image) → adminTrail
 *   PUT    /api/admin/learning/trails/:id/publish  publishBody        → adminTrail
 *   PUT    /api/admin/learning/trails/:id/audience audienceBody       → adminTrail
 *
 * The schemas live by sub-area in ./learning/ (kinds, settings, catalog, player, progress, instructor,
 * portfolio, audience, authoring, reports); this module is their one import path.
 */

export * from './learning/kinds';
export * from './learning/settings';
export * from './learning/test-settings';
export * from './learning/reactions';
export * from './learning/games';
export * from './learning/catalog';
export * from './learning/player';
export * from './learning/progress';
export * from './learning/instructor';
export * from './learning/portfolio';
export * from './learning/audience';
export * from './learning/authoring';
export * from './learning/reports';
