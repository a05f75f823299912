import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';
import { useCommonStore } from '../../../lib/session-store';

describe('jobs screen (superusers)', () => {
  it('names the queues in words and sends a failed job back to its queue', async () => {
    let failed = true;
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/jobs') {
        return json({
          queues: [
            {
              name: 'maintenance.purge-expired',
              queued: 0,
              active: 1,
              deferred: 0,
              total: 1,
              deadLetter: 'maintenance.purge-expired.dead',
              cron: '17 3 * * *',
            },
            {
              name: 'maintenance.purge-expired.dead',
              queued: 1,
              active: 0,
              deferred: 0,
              total: 1,
              deadLetter: null,
              cron: null,
            },
          ],
          failures: failed
            ? [
                {
                  id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
                  queue: 'maintenance.purge-expired',
                  retryCount: 3,
                  createdOn: '2026-11-20T03:17:00.000Z',
                  error: 'connection refused',
                },
              ]
            : [],
        });
      }
      if (url.endsWith('/retry') && init?.method === 'POST') {
        failed = false;
        return json({ ok: true });
      }
      return undefined;
    });
    const base = session({ canAccessBackOffice: true, clients: [client({ roles: [] })] });
    useCommonStore.setState({
      accessToken: 'access',
      sessionType: 'password',
      session: { ...base, user: { ...base.user, isSuperuser: true } },
    });
    const { router } = renderApp('/admin/settings/jobs');
    await settledAt(router, '/admin/settings/jobs');

    const queues = within(await screen.findByRole('table', { name: 'Filas' }));
    expect(queues.getByText('Limpeza noturna de acessos, códigos e links expirados')).toBeTruthy();
    expect(queues.getByText('17 3 * * *')).toBeTruthy();
    // The dead-letter queue is not a queue of its own on screen: its jobs are the failures below.
    expect(queues.getAllByRole('row')).toHaveLength(2);

    const failures = within(screen.getByRole('table', { name: 'Falhas' }));
    expect(failures.getByText('connection refused')).toBeTruthy();
    fireEvent.click(failures.getByRole('button', { name: 'Rodar de novo' }));
    await waitFor(() => expect(screen.getByText('Nenhuma tarefa falhou.')).toBeTruthy());
    expect(
      calls.some(
        (c) =>
          c.url === '/api/admin/jobs/maintenance.purge-expired/5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f/retry' &&
          c.init?.method === 'POST',
      ),
    ).toBe(true);
  });
});
