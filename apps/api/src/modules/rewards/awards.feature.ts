import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LearningFinishes } from './awards.ports';
import { registerAwardsRoutes } from './awards.routes';
import { createAwardsService } from './awards.service';
import { registerBadgesRoutes } from './badges.routes';
import { createBadgesService } from './badges.service';
import type { CertificatesPort, LedgerPort } from './ports';

/**
 * Awards on finishing activities, courses and trails, and badges: their editors, the learner's reads and
 * the reactions to learning's finish events (each delivered at least once; the grant guards itself).
 */
export function registerAwards(
  app: App,
  deps: CoreDeps & { ledger: LedgerPort; certificates: CertificatesPort; learning: LearningFinishes },
) {
  const badges = createBadgesService({
    db: deps.db,
    storage: deps.storage,
    ledger: deps.ledger,
    learning: deps.learning,
    notifications: deps.services.notifications,
    directory: deps.services.directory,
  });
  const awards = createAwardsService({
    db: deps.db,
    ledger: deps.ledger,
    certificates: deps.certificates,
    learning: deps.learning,
    notifications: deps.services.notifications,
    badges,
  });

  deps.jobs.on({
    event: 'learning.activity-finished',
    name: 'award',
    handler: async (e) => {
      await awards.onFinish({
        clientId: e.clientId,
        userId: e.userId,
        targetType: 'activity',
        targetId: e.activityId,
        title: e.title,
        workloadMinutes: null,
        finishedAt: e.finishedAt,
      });
    },
  });
  deps.jobs.on({
    event: 'learning.course-finished',
    name: 'award',
    handler: async (e) => {
      await awards.onFinish({
        clientId: e.clientId,
        userId: e.userId,
        targetType: 'course',
        targetId: e.courseId,
        title: e.title,
        workloadMinutes: e.workloadMinutes,
        categoryId: e.categoryId,
        finishedAt: e.finishedAt,
      });
    },
  });
  deps.jobs.on({
    event: 'learning.trail-finished',
    name: 'award',
    handler: async (e) => {
      await awards.onFinish({
        clientId: e.clientId,
        userId: e.userId,
        targetType: 'trail',
        targetId: e.trailId,
        title: e.title,
        workloadMinutes: e.workloadMinutes,
        finishedAt: e.finishedAt,
      });
    },
  });

  registerAwardsRoutes(app, deps, awards);
  registerBadgesRoutes(app, deps, badges);
  return { awards, badges };
}
