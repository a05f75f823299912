import type { FastifyRequest } from 'fastify';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { TenantInfo } from '../../plugins/tenant';
import { registerSurveysRoutes } from './surveys.routes';
import { createSurveysService, type SurveyMember } from './surveys.service';

/** What surveys use of the learning module: its audience facts about a viewer and its taxonomy. */
export interface SurveysLearningPort {
  viewers: {
    load(
      userId: number,
      tenant: TenantInfo,
    ): Promise<{ countryId: number | null; areaIds: number[]; groupIds: number[] }>;
  };
  authoring: {
    taxonomy(clientId: number): Promise<{ areas: { id: number }[]; groups: { id: number }[] }>;
  };
}

/**
 * Surveys: the builder of the back office, the learner's answers (once each), the owners' results, and
 * the session's mandatory-survey flag, which the module's finder answers.
 */
export function registerSurveys(app: App, deps: CoreDeps & { learning: SurveysLearningPort }) {
  const { directory, sessions } = deps.services;
  const surveys = createSurveysService({
    db: deps.db,
    now: () => new Date(),
    taxonomy: (clientId) => deps.learning.authoring.taxonomy(clientId),
    isMember: async (userId, clientId) =>
      Boolean(
        (await directory.withActiveMemberships(userId))?.memberships.some((m) => m.clientId === clientId),
      ),
    sessions,
  });

  const memberOf = async (userId: number, tenant: TenantInfo): Promise<SurveyMember> => {
    const v = await deps.learning.viewers.load(userId, tenant);
    return {
      userId,
      clientId: tenant.clientId,
      roles: tenant.roles,
      isSuperuser: tenant.isSuperuser,
      countryId: v.countryId,
      areaIds: v.areaIds,
      groupIds: v.groupIds,
    };
  };
  const member = (request: FastifyRequest) => memberOf(request.auth!.userId, request.tenant!);

  sessions.useMandatorySurveys(async (m) => surveys.mandatoryFor(await memberOf(m.userId, m)));
  registerSurveysRoutes(app, deps, surveys, member);
  return { surveys };
}
