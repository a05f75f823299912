import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { ApiError } from '../lib/api-client';
import { ListState } from './list-state';

function renderState(props: Partial<ComponentProps<typeof ListState>>) {
  const onRetry = vi.fn();
  render(
    <AppProviders env="test">
      <ListState
        pending={false}
        error={null}
        empty={false}
        emptyText="Nada por aqui"
        onRetry={onRetry}
        {...props}
      >
        <p>as linhas</p>
      </ListState>
    </AppProviders>,
  );
  return onRetry;
}

describe('ListState', () => {
  it('shows a labelled loader while the list loads', () => {
    renderState({ pending: true });
    expect(screen.getByLabelText('Carregando…')).toBeTruthy();
    expect(screen.queryByText('as linhas')).toBeNull();
  });

  it('shows the error text with a retry button', () => {
    const onRetry = renderState({ error: new Error('boom') });
    expect(screen.getByRole('alert').textContent).toContain('Ocorreu um erro inesperado. Tente novamente.');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says the text of the API error code', () => {
    renderState({ error: new ApiError(403, 'FORBIDDEN', 'Forbidden') });
    expect(screen.getByRole('alert').textContent).toContain(
      'Não encontrado ou não possui permissão para acessar.',
    );
  });

  it('shows the empty text instead of the list', () => {
    renderState({ empty: true });
    expect(screen.getByText('Nada por aqui')).toBeTruthy();
    expect(screen.queryByText('as linhas')).toBeNull();
  });

  it('shows the list once it has rows', () => {
    renderState({});
    expect(screen.getByText('as linhas')).toBeTruthy();
  });
});
