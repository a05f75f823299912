import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminActivity, AdminCourse } from '@trilha/contracts/learning';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { ActivityModal } from './activity-modal';

const scormActivity = (parts: Partial<AdminActivity> = {}): AdminActivity => ({
  id: 91,
  moduleId: 5,
  hierarchyOrder: '1.1',
  position: 1,
  kind: 'scorm',
  title: 'Curso de vendas',
  description: '',
  requiresPrevious: false,
  requiresAuthorization: false,
  settings: { maxAttempts: 3 },
  file: null,
  scorm: {
    version: '2004',
    title: 'Vendas',
    launchHref: 'index.html',
    fileCount: 12,
    scoCount: 19,
    sequencing: true,
    size: 1_572_864,
  },
  ready: true,
  ...parts,
});

const course = (activities: AdminActivity[]): AdminCourse => ({
  id: 1,
  title: 'Atendimento',
  description: '',
  coverUrl: null,
  workloadMinutes: null,
  categoryId: null,
  tagIds: [],
  subscriptionMode: 'open',
  prerequisiteIds: [],
  isPublic: false,
  published: false,
  publishedAt: null,
  audience: { areaIds: [], groupIds: [], countryIds: [], roles: [] },
  modules: [{ id: 5, position: 1, title: 'Módulo', activities }],
  enrollmentCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const awardsApi = (url: string) => {
  if (url === '/api/admin/awards/badges') return json({ badges: [] });
  if (url.startsWith('/api/admin/awards/')) return json({ award: null });
  return undefined;
};

function renderModal(activity: AdminActivity) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  render(
    <AppProviders env="test">
      <ActivityModal courseId={1} moduleId={5} activity={activity} opened onClose={() => undefined} />
    </AppProviders>,
  );
}

describe('a SCORM activity in the editor', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });

  it('tells what the package holds and what the player does not do with it yet', async () => {
    mockApi(awardsApi);
    renderModal(scormActivity());
    const report = await screen.findByTestId('scorm-report');
    expect(within(report).getByText('SCORM 2004')).toBeTruthy();
    expect(within(report).getByTestId('scorm-report-scos').textContent).toBe('19 SCOs');
    expect(within(report).getByTestId('scorm-report-sequencing').textContent).toBe('Declara sequenciamento');
    expect(within(report).getByTestId('scorm-report-size').textContent).toBe('1,5\u00a0MB');
    expect(within(report).getByTestId('scorm-report-limits').textContent).toContain('19 SCOs');
  });

  it('a single-SCO package without sequencing has nothing to warn about; an older import shows its version', async () => {
    mockApi(awardsApi);
    renderModal(
      scormActivity({
        scorm: {
          version: '1.2',
          title: 'Varejo',
          launchHref: 'index.html',
          fileCount: 4,
          scoCount: null,
          sequencing: null,
          size: null,
        },
      }),
    );
    const report = await screen.findByTestId('scorm-report');
    expect(within(report).getByText('SCORM 1.2')).toBeTruthy();
    expect(within(report).queryByTestId('scorm-report-scos')).toBeNull();
    expect(within(report).queryByTestId('scorm-report-limits')).toBeNull();
  });

  it('saves the attempts the author allows and whether a finished attempt may be retaken', async () => {
    const { calls } = mockApi(awardsApi, (url, init) =>
      url === '/api/admin/learning/activities/91' && init?.method === 'PUT'
        ? json(course([scormActivity({ settings: { maxAttempts: 2, retakeAfterPass: true } })]))
        : undefined,
    );
    renderModal(scormActivity());
    const attempts = (await screen.findByTestId('activity-scorm-attempts')) as HTMLInputElement;
    expect(attempts.value).toBe('3');
    fireEvent.change(attempts, { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('activity-scorm-retake'));
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url === '/api/admin/learning/activities/91' && c.init?.method === 'PUT'),
      ).toBe(true),
    );
    const body = JSON.parse(
      String(
        calls.find((c) => c.url === '/api/admin/learning/activities/91' && c.init?.method === 'PUT')!.init!
          .body,
      ),
    ) as { settings: unknown };
    expect(body.settings).toEqual({ maxAttempts: 2, retakeAfterPass: true });
  });
});
