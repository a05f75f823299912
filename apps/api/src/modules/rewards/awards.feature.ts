import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { DomainEvents } from '../../jobs/job-queue';
import type { LearningFinishes } from './awards.ports';
import { registerAwardsRoutes } from './awards.routes';
import { createAwardsService, type Finish } from './awards.service';
import { registerBadgesRoutes } from './badges.routes';
import { createBadgesService } from './badges.service';
import type { CertificatesPort, LedgerPort } from './ports';

type FinishEvent = 'learning.activity-finished' | 'learning.course-finished' | 'learning.trail-finished';

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

  // Each finish event names its target in its own fields; the reaction is the same for all three.
  const awardOn = <E extends FinishEvent>(
    event: E,
    target: (
      e: DomainEvents[E],
    ) => Pick<Finish, 'targetType' | 'targetId' | 'workloadMinutes' | 'categoryId'>,
  ) =>
    deps.jobs.on({
      event,
      name: 'award',
      handler: async (e) => {
        const { clientId, userId, title, finishedAt } = e;
        await awards.onFinish({ clientId, userId, title, finishedAt, ...target(e) });
      },
    });
  awardOn('learning.activity-finished', (e) => ({
    targetType: 'activity',
    targetId: e.activityId,
    workloadMinutes: null,
  }));
  awardOn('learning.course-finished', (e) => ({
    targetType: 'course',
    targetId: e.courseId,
    workloadMinutes: e.workloadMinutes,
    categoryId: e.categoryId,
  }));
  awardOn('learning.trail-finished', (e) => ({
    targetType: 'trail',
    targetId: e.trailId,
    workloadMinutes: e.workloadMinutes,
  }));

  registerAwardsRoutes(app, deps, awards);
  registerBadgesRoutes(app, deps, badges);
  return { awards, badges };
}
