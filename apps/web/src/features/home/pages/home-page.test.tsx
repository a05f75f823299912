import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { useCommonStore } from '../../../lib/session-store';
import { json, session } from '../../../test/fixtures';
import { mockApi, renderApp } from '../../../test/render-app';

function signedIn() {
  useCommonStore.setState({ accessToken: 'a', sessionType: 'password', session: session() });
}

const progress = { status: 'in_progress', percent: 50, completedActivities: 2, totalActivities: 4 };

describe("home's continue card", () => {
  it('offers the course worked on last at its next activity', async () => {
    mockApi((url) =>
      url === '/api/learning/continue'
        ? json({
            course: {
              id: 5,
              title: 'Experiência do cliente',
              coverUrl: null,
              progress,
              resumeAt: '1.3',
              resumeTitle: 'Como ouvir o cliente',
            },
          })
        : undefined,
    );
    signedIn();
    renderApp('/home');
    const card = await screen.findByRole('region', { name: 'Continue de onde parou' });
    expect(within(card).getByText('Experiência do cliente')).toBeTruthy();
    expect(within(card).getByText('2 de 4 atividades concluídas · 50%')).toBeTruthy();
    expect(within(card).getByText('Próxima: Como ouvir o cliente')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: '50% do curso concluído' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Continuar' }).getAttribute('href')).toBe(
      '/courses/5/activities/1.3',
    );
  });

  it('is left out when there is nothing to continue', async () => {
    const { calls } = mockApi((url) =>
      url === '/api/learning/continue' ? json({ course: null }) : undefined,
    );
    signedIn();
    renderApp('/home');
    await screen.findByRole('region', { name: 'Por onde começar' });
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(['learning', 'continue'])?.status).toBe('success'),
    );
    expect(calls.some((c) => c.url === '/api/learning/continue')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Continue de onde parou' })).toBeNull();
    expect(screen.queryByTestId('home-continue')).toBeNull();
  });
});
