import type autocannon from 'autocannon';
import type { Db } from '../src/db/client';

/** An endpoint each area adds to the benchmark: its own data, then the requests to drive. */
export interface Scenario {
  name: string;
  title: string;
  seed?: (db: Db) => Promise<unknown>;
  /** The figure the scenario must reach, printed and checked next to its row. */
  target?: {
    label: string;
    check: (row: { rps: number; p50: number; p99: number }, ratioToBare: number) => boolean;
  };
  options(ctx: { base: string; nextAccess: () => string; data: unknown }): autocannon.Options;
}

export const benchScenarios: Scenario[] = [];
