import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { AwardsEditor } from './awards-editor';

function renderEditor(type: 'course' | 'activity', id: number) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  render(
    <AppProviders env="test">
      <AwardsEditor type={type} id={id} />
    </AppProviders>,
  );
}

const selectInput = (label: RegExp) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'))!;

const saves = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls.filter((c) => c.url === path && c.init?.method === 'PUT');

describe('the awards editor', () => {
  it("saves a course's points, validity, XP, badge and certificate, and says what a learner gets", async () => {
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/awards/course/12' && init?.method === 'PUT')
        return json({ award: { ...(JSON.parse(String(init.body)) as object) } });
      if (url === '/api/admin/awards/course/12') return json({ award: null });
      if (url === '/api/admin/awards/badges')
        return json({ badges: [{ id: 3, name: 'Atendimento nota 10', imageUrl: null }] });
      return undefined;
    });
    renderEditor('course', 12);
    expect((await screen.findByTestId('awards-sentence')).textContent).toBe(
      'Concluir este curso ainda não dá nenhuma recompensa.',
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Pontos' }), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Expiram depois de' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Dias de validade dos pontos' }), {
      target: { value: '90' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'XP' }), { target: { value: '50' } });
    fireEvent.click(selectInput(/^Medalha/));
    fireEvent.click(await screen.findByRole('option', { name: 'Atendimento nota 10' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Emitir certificado' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Vence depois de' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Meses de validade do certificado' }), {
      target: { value: '12' },
    });

    expect(screen.getByTestId('awards-sentence').textContent).toBe(
      'Quem concluir este curso recebe 200 pontos válidos por 90 dias, 50 XP, a medalha “Atendimento nota 10” e um certificado válido por 12 meses.',
    );
    fireEvent.click(screen.getByTestId('awards-save'));
    await waitFor(() => expect(saves(calls, '/api/admin/awards/course/12')).toHaveLength(1));
    expect(JSON.parse(String(saves(calls, '/api/admin/awards/course/12')[0]!.init?.body))).toEqual({
      points: 200,
      pointsValidityDays: 90,
      xp: 50,
      badgeId: 3,
      certificate: true,
      certificateValidityMonths: 12,
    });
    expect(await screen.findByText('Recompensas salvas.')).toBeTruthy();
  });

  it('offers no certificate for an activity and keeps the saved award as it was', async () => {
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/awards/activity/7' && init?.method === 'PUT')
        return json({ award: JSON.parse(String(init.body)) as object });
      if (url === '/api/admin/awards/activity/7')
        return json({
          award: {
            points: 10,
            pointsValidityDays: null,
            xp: 5,
            badgeId: null,
            certificate: false,
            certificateValidityMonths: null,
          },
        });
      if (url === '/api/admin/awards/badges') return json({ badges: [] });
      return undefined;
    });
    renderEditor('activity', 7);
    expect((await screen.findByTestId('awards-sentence')).textContent).toBe(
      'Quem concluir esta atividade recebe 10 pontos e 5 XP.',
    );
    expect(screen.queryByRole('switch', { name: 'Emitir certificado' })).toBeNull();
    fireEvent.click(screen.getByTestId('awards-save'));
    await waitFor(() => expect(saves(calls, '/api/admin/awards/activity/7')).toHaveLength(1));
    expect(JSON.parse(String(saves(calls, '/api/admin/awards/activity/7')[0]!.init?.body))).toEqual({
      points: 10,
      pointsValidityDays: null,
      xp: 5,
      badgeId: null,
      certificate: false,
      certificateValidityMonths: null,
    });
  });
});
