/**
 * What awards and badges read of the learning area (its module answers it: learning.feature.ts
 * `finishes`). Every read is scoped to the client: another client's id answers null or false.
 */
export type LearningTargetType = 'activity' | 'course' | 'trail' | 'category';

export interface LearningTarget {
  title: string;
  workloadMinutes: number | null;
}

export interface LearningFinishes {
  /** The activity, course, trail or category of the client with that id (courses and trails with their workload). */
  target(clientId: number, type: LearningTargetType, id: number): Promise<LearningTarget | null>;
  /** Whether the user finished it (a trail: every published course in it). */
  finished(
    clientId: number,
    userId: number,
    type: 'activity' | 'course' | 'trail',
    id: number,
  ): Promise<boolean>;
  /** Every course, trail or category of the client (published or not), by title (at most 1,000). */
  choices(clientId: number, kind: 'course' | 'trail' | 'category'): Promise<{ id: number; title: string }[]>;
  /** How many courses of the category the user finished. */
  finishedCoursesInCategory(clientId: number, userId: number, categoryId: number): Promise<number>;
}
