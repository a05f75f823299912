import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { i18n } from '../lib/i18n';
import { PaginationBar } from './pagination-bar';

function renderBar(props: {
  page: number;
  pageSize: number;
  total: number;
  onChange?: (p: number) => void;
  alwaysCount?: boolean;
}) {
  const onChange = props.onChange ?? vi.fn();
  render(
    <AppProviders env="test">
      <PaginationBar
        page={props.page}
        pageSize={props.pageSize}
        total={props.total}
        onChange={onChange}
        alwaysCount={props.alwaysCount}
      />
    </AppProviders>,
  );
  return onChange;
}

describe('PaginationBar', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  it('shows the range of the page in a labelled navigation landmark', () => {
    renderBar({ page: 2, pageSize: 12, total: 40 });
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(nav.textContent).toContain('Mostrando 13–24 de 40');
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página 4' })).toBeTruthy();
  });

  it('asks for the next page and for a page by its number', () => {
    const onChange = renderBar({ page: 2, pageSize: 12, total: 40 });
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Página 1' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('shows the last, shorter page up to the total', () => {
    renderBar({ page: 4, pageSize: 12, total: 40 });
    expect(screen.getByText('Mostrando 37–40 de 40')).toBeTruthy();
  });

  it('renders nothing when everything fits on one page', () => {
    renderBar({ page: 1, pageSize: 12, total: 12 });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByText(/Mostrando/)).toBeNull();
  });

  it('with alwaysCount shows the count of a one-page list, without page buttons', () => {
    renderBar({ page: 1, pageSize: 20, total: 7, alwaysCount: true });
    expect(screen.getByRole('navigation', { name: 'Paginação' }).textContent).toBe('Mostrando 1–7 de 7');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('with alwaysCount shows nothing for an empty list', () => {
    renderBar({ page: 1, pageSize: 20, total: 0, alwaysCount: true });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('on a page past the end (an old address) shows the total, not a range', () => {
    renderBar({ page: 9, pageSize: 12, total: 40 });
    expect(screen.getByText('40 itens')).toBeTruthy();
    expect(screen.queryByText(/Mostrando/)).toBeNull();
  });

  it('is translated', async () => {
    await i18n.changeLanguage('en-US');
    renderBar({ page: 1, pageSize: 20, total: 45 });
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain(
      'Showing 1–20 of 45',
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });
});
