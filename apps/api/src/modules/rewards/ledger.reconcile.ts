import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { createReconcileRepo } from './ledger.reconcile.repo';

/**
 * The ledgers' reconciliation: for every account, the entries add up to the balances, the lots to what
 * is spendable, the open holds to what is held, and each lot's moves to its remaining. A difference is
 * a finding kept with its client; the run's counts are kept per client so each program administrator
 * sees their own.
 */
export function createReconciliation(deps: { db: Db }) {
  const repo = createReconcileRepo(deps.db);

  async function run(clientId: number | null) {
    // The run row commits first: a run that failed midway stays visible, unfinished.
    const runId = await repo.startRun();
    const counts = await unitOfWork(deps.db).run(async () => {
      await repo.findDifferences(runId, clientId);
      return repo.finishRun(runId, clientId);
    });
    return { runId, ...counts };
  }

  return {
    /** Checks every client's accounts (the nightly job). */
    runAll: () => run(null),

    /** Checks one client's accounts now; answers that client's share of the run and its findings. */
    async runFor(clientId: number) {
      const { runId } = await run(clientId);
      const [mine] = await repo.runsOf(clientId);
      return { run: mine!, findings: await repo.findingsOf(clientId, runId) };
    },

    /** The client's last 20 runs and the findings of the latest. */
    async overview(clientId: number) {
      const runs = await repo.runsOf(clientId);
      return { runs, findings: runs[0] ? await repo.findingsOf(clientId, runs[0].id) : [] };
    },

    clientsWithDifferences: (runId: number) => repo.clientsWithDifferences(runId),
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
