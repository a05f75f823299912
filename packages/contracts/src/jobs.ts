import { z } from 'zod';

/** One queue of the durable job queue, as the back office's jobs screen lists it. */
export const jobQueueSummary = z.object({
  name: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  deferred: z.number().int(),
  total: z.number().int(),
  deadLetter: z.string().nullable(),
  /** Cron expression (UTC) of a scheduled job. */
  cron: z.string().nullable(),
});
export type JobQueueSummary = z.infer<typeof jobQueueSummary>;

/** A job that failed every retry and waits in its dead-letter queue. */
export const failedJob = z.object({
  id: z.string(),
  queue: z.string(),
  retryCount: z.number().int(),
  createdOn: z.string(),
  /** The last error, as the job queue recorded it (a message, never the job's data). */
  error: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJob>;

export const jobsOverview = z.object({
  queues: z.array(jobQueueSummary),
  failures: z.array(failedJob),
});
export type JobsOverview = z.infer<typeof jobsOverview>;

export const retryJobParams = z.object({
  queue: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w.-]+$/),
  id: z.uuid(),
});
