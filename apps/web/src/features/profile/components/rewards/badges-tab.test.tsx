import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/providers';
import { json } from '../../../../test/fixtures';
import { mockApi } from '../../../../test/render-app';
import { BadgesTab } from './badges-tab';

function renderIn(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const badge = (id: number, name: string) => ({ id, name, description: '', imageUrl: null });

describe('badges tab', () => {
  it('lists the earned badges with their date and says what each other badge still asks for', async () => {
    mockApi((url) =>
      url === '/api/rewards/badges'
        ? json({
            earned: [{ badge: badge(1, 'Primeiros passos'), earnedAt: '2026-11-10T12:00:00.000Z' }],
            available: [
              {
                badge: badge(2, 'Atendimento nota 10'),
                criterion: 'course',
                target: { type: 'course', id: 4, title: 'Atendimento ao cliente' },
                progress: { current: 0, required: 1 },
              },
              {
                badge: badge(3, 'Especialista em vendas'),
                criterion: 'category_courses',
                target: { type: 'category', id: 2, title: 'Vendas' },
                progress: { current: 3, required: 5 },
              },
              {
                badge: badge(4, 'Colecionador'),
                criterion: 'points',
                target: null,
                progress: { current: 1200, required: 2000 },
              },
              {
                badge: badge(5, 'Constância'),
                criterion: 'streak_weeks',
                target: null,
                progress: { current: 2, required: 4 },
              },
              {
                badge: badge(6, 'Experiente'),
                criterion: 'xp',
                target: null,
                progress: { current: 900, required: 1500 },
              },
              { badge: badge(7, 'Destaque do mês'), criterion: 'manual', target: null, progress: null },
            ],
          })
        : undefined,
    );
    renderIn(<BadgesTab />);

    const earned = await screen.findByRole('region', { name: 'Sua medalha (1)' });
    expect(within(earned).getByText('Primeiros passos')).toBeTruthy();
    expect(within(earned).getByText('Conquistada em 10/11/2026')).toBeTruthy();
    expect(
      within(earned).getByRole('button', {
        name: 'Baixar credencial da medalha Primeiros passos',
      }),
    ).toBeTruthy();

    const missing = screen.getAllByTestId('badge-missing').map((el) => el.textContent);
    expect(missing).toEqual([
      'Conclua o curso “Atendimento ao cliente”',
      '3 de 5 cursos da categoria “Vendas”',
      '1.200 de 2.000 pontos',
      '2 de 4 semanas seguidas',
      '900 de 1.500 de XP',
      'Concedida pela equipe do programa',
    ]);
    expect(screen.getByRole('progressbar', { name: 'Progresso da medalha Colecionador: 60%' })).toBeTruthy();
  });
});
