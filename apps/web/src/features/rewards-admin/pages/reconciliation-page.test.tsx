import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReconciliationOverview } from '@trilha/contracts/rewards/ledger';
import { describe, expect, it } from 'vitest';
import { useCommonStore } from '../../../lib/session-store';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';

function signIn() {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: session({ canAccessBackOffice: true, clients: [client({ roles: ['program_admin'] })] }),
  });
}

const run = (id: number, differences: number) => ({
  id,
  startedAt: '2026-11-24T03:30:00.000Z',
  finishedAt: '2026-11-24T03:30:04.000Z',
  accountsChecked: 120,
  differences,
});

describe('the reconciliation screen', () => {
  it('says plainly that a clean run found nothing, and runs again on demand', async () => {
    let overview: ReconciliationOverview = { runs: [run(3, 0)], findings: [] };
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/rewards/reconciliation') return json(overview);
      if (url === '/api/admin/rewards/reconciliation/run' && init?.method === 'POST') {
        overview = { runs: [{ ...run(4, 0), accountsChecked: 121 }, run(3, 0)], findings: [] };
        return json({ run: overview.runs[0], findings: [] });
      }
      return undefined;
    });
    signIn();
    const { router } = renderApp('/admin/rewards/reconciliation');
    await settledAt(router, '/admin/rewards/reconciliation');
    const verdict = await screen.findByTestId('reconciliation-verdict');
    expect(verdict.textContent).toMatch(/^Tudo certo: na conferência de .+, 120 saldos foram conferidos/);
    expect(screen.queryByRole('table', { name: 'Diferenças encontradas' })).toBeNull();
    const runs = within(screen.getByRole('table', { name: 'Últimas conferências' }));
    expect(runs.getByText('Nenhuma')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Conferir agora' }));
    await waitFor(() =>
      expect(screen.getByTestId('reconciliation-verdict').textContent).toContain(
        '121 saldos foram conferidos',
      ),
    );
    expect(calls.filter((c) => c.url === '/api/admin/rewards/reconciliation/run')).toHaveLength(1);
  });

  it("lists the latest run's differences: who, which sum, expected and recorded", async () => {
    mockApi((url) =>
      url === '/api/admin/rewards/reconciliation'
        ? json({
            runs: [run(5, 2), run(4, 0)],
            findings: [
              {
                id: 1,
                userId: 41,
                userName: 'Bruno Souza',
                kind: 'points_entries',
                expected: 1500,
                actual: 1450,
              },
              { id: 2, userId: 42, userName: 'Carla Dias', kind: 'holds', expected: 0, actual: 200 },
            ],
          })
        : undefined,
    );
    signIn();
    const { router } = renderApp('/admin/rewards/reconciliation');
    await settledAt(router, '/admin/rewards/reconciliation');
    expect((await screen.findByTestId('reconciliation-verdict')).textContent).toMatch(
      /encontrou 2 diferenças em 120 saldos conferidos/,
    );
    const findings = within(screen.getByRole('table', { name: 'Diferenças encontradas' }));
    const bruno = findings.getByText('Bruno Souza').closest('tr')!;
    expect(within(bruno).getByText('Saldo de pontos × lançamentos')).toBeTruthy();
    expect(within(bruno).getByText('1.500')).toBeTruthy();
    expect(within(bruno).getByText('1.450')).toBeTruthy();
    const carla = findings.getByText('Carla Dias').closest('tr')!;
    expect(within(carla).getByText('Pontos reservados × reservas')).toBeTruthy();
    // No raw ids or codes on screen.
    expect(screen.queryByText('points_entries')).toBeNull();
    expect(screen.queryByText('41')).toBeNull();
  });
});
