/**
 * What the learning area tells the others when a learner finishes something (the rewards area gives its
 * awards on these). Emitted in the transaction of the progress write that finished it, once per learner
 * and thing: a reload or a retried report of a finished activity emits nothing again. Handlers still run
 * at least once, so they guard themselves (award_grants).
 */
declare module '../../jobs/job-queue' {
  interface DomainEvents {
    'learning.activity-finished': {
      clientId: number;
      userId: number;
      activityId: number;
      courseId: number;
      title: string;
      finishedAt: string;
    };
    'learning.course-finished': {
      clientId: number;
      userId: number;
      courseId: number;
      title: string;
      workloadMinutes: number | null;
      categoryId: number | null;
      finishedAt: string;
    };
    'learning.trail-finished': {
      clientId: number;
      userId: number;
      trailId: number;
      title: string;
      workloadMinutes: number | null;
      finishedAt: string;
    };
  }
}

export {};
