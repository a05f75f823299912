import type { Db } from '../../db/client';
import { eventsOutsideTheApp, type EventSink } from '../../jobs/job-queue';
import type { Storage } from '../../lib/storage';
import { createSharedWrites } from './authoring-shared';
import { createContentAuthoring } from './content-authoring';
import type { ContentSigner } from './content-urls';
import { createCourseAuthoring } from './course-authoring';
import { createTaxonomyAuthoring } from './taxonomy-authoring';
import { createTrailAuthoring } from './trail-authoring';

export type { Actor } from './authoring-shared';

/**
 * The learning back office: courses, modules, activities of every kind with their files, trails,
 * audiences and publishing. Every read and write is scoped to the actor's client; ids of another client
 * answer 404, references to them LEARNING_INVALID_REFERENCE.
 */
export function createAuthoringService(deps: {
  db: Db;
  storage: Storage;
  signer: ContentSigner;
  maxUploadBytes: number;
  /** Called after a change users' audience facts depend on. */
  onAudienceChange: () => void;
  /** Opens the writes' transactions and emits their domain events. */
  events?: EventSink;
}) {
  const events = deps.events ?? eventsOutsideTheApp();
  const kit = createSharedWrites({ db: deps.db, storage: deps.storage, events });
  const courses = createCourseAuthoring(deps, kit);
  const { courseRow: _courseRow, ...courseWrites } = courses;
  return {
    ...createTaxonomyAuthoring(deps, kit),
    ...courseWrites,
    ...createContentAuthoring(deps, kit, courses),
    ...createTrailAuthoring(deps, kit),
  };
}
export type AuthoringService = ReturnType<typeof createAuthoringService>;
