import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { ActivityContent } from './activity-content';

describe('activity content of a game', () => {
  it('opens the game of its kind, and a webinar still says it is not playable here', async () => {
    useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
    const api = mockApi((url) =>
      url === '/api/learning/activities/9/game?trailId=3'
        ? json({
            activityId: 9,
            kind: 'enigma',
            title: 'O enigma do pão',
            view: {
              kind: 'enigma',
              allowedErrors: 3,
              timeLimitSeconds: null,
              points: 0,
              xp: 0,
              instructions: '',
              riddle: 'Sai do forno.',
              slots: [null, null, null],
              hintCount: 0,
              hintCost: 1,
            },
            attempts: 0,
            won: false,
            bestScore: null,
            openAttemptId: null,
          })
        : undefined,
    );
    const { rerender } = render(
      <AppProviders env="test">
        <ActivityContent
          activityId={9}
          title="O enigma do pão"
          content={{ kind: 'unsupported', activityKind: 'enigma' }}
          completed={false}
          onProgress={() => undefined}
          trailId={3}
        />
      </AppProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Jogar' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'O enigma do pão' })).toBeTruthy();
    expect(screen.getByText('Você pode errar 3 vezes.')).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/api/learning/activities/9/game?trailId=3')).toBe(true);

    rerender(
      <AppProviders env="test">
        <ActivityContent
          activityId={10}
          title="Webinar"
          content={{ kind: 'unsupported', activityKind: 'webinar' }}
          completed={false}
          onProgress={() => undefined}
        />
      </AppProviders>,
    );
    expect(screen.getByText('Disponível em breve')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Jogar' })).toBeNull();
  });
});
