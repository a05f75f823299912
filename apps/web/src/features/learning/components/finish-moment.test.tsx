import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { FinishMoment } from './finish-moment';

function renderIn(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const pending = {
  status: 'pending',
  points: 0,
  xp: 0,
  badge: null,
  certificate: null,
  grantedAt: null,
};
const granted = {
  status: 'granted',
  points: 50,
  xp: 20,
  badge: { id: 3, name: 'Atendimento nota 10', description: '', imageUrl: null },
  certificate: { id: 9, code: 'K7QX-2M9P-4TRD' },
  grantedAt: '2026-11-24T12:00:00.000Z',
};

describe('finishing moment', () => {
  it('waits while the grant is pending, then shows the points, XP, badge and certificate and where to go next', async () => {
    let asked = 0;
    const { calls } = mockApi((url) => {
      if (url === '/api/rewards/earned?targetType=course&targetId=4') {
        asked += 1;
        return json(asked === 1 ? pending : granted);
      }
      return undefined;
    });
    const onClose = vi.fn();
    renderIn(
      <FinishMoment
        finished={{ courseId: 4, courseTitle: 'Atendimento ao cliente', trailId: null }}
        onClose={onClose}
      />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Curso concluído!' });
    expect(within(dialog).getByText('Parabéns, você concluiu Atendimento ao cliente.')).toBeTruthy();
    expect(await within(dialog).findByText('Calculando suas recompensas…')).toBeTruthy();

    // Asked again while pending, until the grant is written.
    expect(await within(dialog).findByText('+50 pontos', undefined, { timeout: 8_000 })).toBeTruthy();
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(within(dialog).getByText('+20 de XP')).toBeTruthy();
    expect(within(dialog).getByText('Atendimento nota 10')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Baixar certificado' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Página de verificação' }).getAttribute('href')).toBe(
      '/certificates/K7QX-2M9P-4TRD',
    );
    expect(within(dialog).getByRole('link', { name: 'Voltar ao catálogo' }).getAttribute('href')).toBe(
      '/online-courses',
    );

    // Screen readers hear the finish and what it gave.
    await waitFor(() =>
      expect(screen.getByTestId('finish-announcement').textContent).toBe(
        'Curso Atendimento ao cliente concluído. Você ganhou: +50 pontos, +20 de XP, Nova medalha: Atendimento nota 10, Seu certificado está pronto.',
      ),
    );
    // No more questions once granted.
    const before = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls.length).toBe(before);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('stops waiting for a grant that stays pending and says the rewards will show in the profile', async () => {
    let asked = 0;
    mockApi((url) => {
      if (url.startsWith('/api/rewards/earned?')) {
        asked += 1;
        return json(pending);
      }
      return undefined;
    });
    renderIn(
      <FinishMoment
        finished={{ courseId: 4, courseTitle: 'Atendimento ao cliente', trailId: null }}
        onClose={() => undefined}
        waitMs={2_500}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Curso concluído!' });
    expect(await within(dialog).findByText('Calculando suas recompensas…')).toBeTruthy();
    expect(
      await within(dialog).findByText(
        'Suas recompensas vão aparecer no seu perfil em instantes.',
        undefined,
        { timeout: 6_000 },
      ),
    ).toBeTruthy();
    // Asked again while waiting, then no more.
    expect(asked).toBeGreaterThanOrEqual(2);
    const after = asked;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(asked).toBe(after);
  });

  it('offers the next course of the trail when the trail is not finished yet', async () => {
    mockApi((url) => {
      if (url.startsWith('/api/rewards/earned?targetType=course'))
        return json({ ...granted, badge: null, certificate: null });
      if (url === '/api/learning/trails/7') {
        const item = (itemId: number, title: string, status: string, position: number) => ({
          position,
          kind: 'course',
          itemId,
          title,
          coverUrl: null,
          progress: {
            status,
            percent: status === 'finished' ? 100 : 0,
            completedActivities: 0,
            totalActivities: 3,
          },
          lock: { locked: false, reason: null, prerequisites: [] },
        });
        return json({
          id: 7,
          title: 'Varejo de A a Z',
          description: '',
          coverUrl: null,
          category: null,
          tags: [],
          favorite: false,
          enrollment: {
            state: 'enrolled',
            mode: 'open',
            canEnroll: false,
            canUnenroll: true,
            enrolledAt: null,
          },
          progress: { status: 'in_progress', percent: 50, completedActivities: 3, totalActivities: 6 },
          itemCount: 2,
          items: [item(4, 'Atendimento ao cliente', 'finished', 1), item(5, 'Vitrinismo', 'not_started', 2)],
        });
      }
      return undefined;
    });
    renderIn(
      <FinishMoment
        finished={{ courseId: 4, courseTitle: 'Atendimento ao cliente', trailId: 7 }}
        onClose={() => undefined}
      />,
    );
    const next = await screen.findByRole('link', { name: 'Próximo curso: Vitrinismo' });
    expect(next.getAttribute('href')).toBe('/trails/7/course/5');
    expect(screen.getByRole('dialog', { name: 'Curso concluído!' })).toBeTruthy();
  });
});
