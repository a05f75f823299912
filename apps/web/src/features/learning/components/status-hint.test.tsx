import { render, screen } from '@testing-library/react';
import type { ProgressStatus } from '@trilha/contracts/learning';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { ProgressBadge } from './progress-indicator';
import { StatusHint } from './status-hint';

function renderStatus(status: ProgressStatus, kind: 'course' | 'trail' = 'course') {
  render(
    <AppProviders env="test">
      <ProgressBadge status={status} />
      <StatusHint status={status} kind={kind} />
    </AppProviders>,
  );
}

describe('the status a test gives a course or trail', () => {
  it.each([
    ['approved', 'Aprovado', 'Aprovado nas provas deste curso.'],
    ['reproved', 'Reprovado', 'Reprovado em uma prova. Veja na prova se ainda há tentativas.'],
    ['blocked', 'Bloqueado', 'Bloqueado por uma prova: peça o desbloqueio ao instrutor ou ao gestor.'],
    [
      'restarted',
      'Reiniciado',
      'O curso recomeçou depois de uma prova: comece de novo pela primeira atividade.',
    ],
    ['improved', 'Nota melhorada', 'Nota melhorada: a melhor nota é a que conta.'],
  ] as const)('%s: the chip and what the learner can do next', (status, chip, hint) => {
    renderStatus(status);
    expect(screen.getByTestId('progress-badge').textContent).toBe(chip);
    expect(screen.getByTestId('status-hint').textContent).toBe(hint);
  });

  it('says it of a trail in the trail’s words', () => {
    renderStatus('blocked', 'trail');
    expect(screen.getByTestId('status-hint').textContent).toBe(
      'Bloqueado em um curso da trilha: peça o desbloqueio ao instrutor ou ao gestor.',
    );
  });

  it('adds nothing to the statuses that are not a test’s', () => {
    renderStatus('in_progress');
    expect(screen.getByTestId('progress-badge').textContent).toBe('Em andamento');
    expect(screen.queryByTestId('status-hint')).toBeNull();
  });
});
