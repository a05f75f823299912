import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { PagedList } from './paged-list';

type Page = { items: { id: number; name: string }[]; total: number; pageSize: number };

/** A query object with only the fields PagedList reads. */
function fakeQuery(fields: { isPending?: boolean; error?: unknown; data?: Page }) {
  const refetch = vi.fn();
  const query = { isPending: false, error: null, refetch, ...fields } as unknown as UseQueryResult<Page>;
  return { query, refetch };
}

function renderList(query: UseQueryResult<Page>, page = 1, scrollLabel?: string) {
  const onPage = vi.fn();
  render(
    <AppProviders env="test">
      <PagedList
        query={query}
        page={page}
        onPage={onPage}
        emptyText="Nenhuma linha"
        scrollLabel={scrollLabel}
      >
        {(data) => (
          <table aria-label="Linhas">
            <tbody>
              {data.items.map((row) => (
                <tr key={row.id}>
                  <td>{row.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </AppProviders>,
  );
  return onPage;
}

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Linha ${from + i}` }));

describe('PagedList', () => {
  it('shows a labelled loader, no table and no count while the first page loads', () => {
    renderList(fakeQuery({ isPending: true }).query);
    expect(screen.getByLabelText('Carregando…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the error with a retry that refetches the query', () => {
    const { query, refetch } = fakeQuery({ error: new Error('boom') });
    renderList(query);
    expect(screen.getByRole('alert').textContent).toContain('Ocorreu um erro inesperado. Tente novamente.');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty text, without table or count, when the list has no rows', () => {
    renderList(fakeQuery({ data: { items: [], total: 0, pageSize: 20 } }).query);
    expect(screen.getByText('Nenhuma linha')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('renders the table in a bordered box with horizontal scroll, and the count of a one-page list', () => {
    renderList(fakeQuery({ data: { items: rows(1, 3), total: 3, pageSize: 20 } }).query);
    const table = screen.getByRole('table', { name: 'Linhas' });
    expect(table.textContent).toBe('Linha 1Linha 2Linha 3');
    // The table scrolls sideways inside the bordered box, not the page.
    const viewport = table.closest('.mantine-ScrollArea-viewport');
    expect(viewport?.closest('.mantine-Paper-root[data-with-border]')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Paginação' }).textContent).toBe('Mostrando 1–3 de 3');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the range and the page buttons of a longer list, and asks for another page', () => {
    const onPage = renderList(fakeQuery({ data: { items: rows(21, 20), total: 45, pageSize: 20 } }).query, 2);
    expect(screen.getByText('Linha 21')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Paginação' }).textContent).toContain(
      'Mostrando 21–40 de 45',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
  });

  it('with scrollLabel makes the scroll box a named region that takes the focus', () => {
    renderList(fakeQuery({ data: { items: rows(1, 3), total: 3, pageSize: 20 } }).query, 1, 'Inscrições');
    const region = screen.getByRole('region', { name: 'Inscrições' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.contains(screen.getByRole('table'))).toBe(true);
  });

  it('keeps the count and the pages under a refetch error', () => {
    const { query, refetch } = fakeQuery({
      error: new Error('boom'),
      data: { items: rows(1, 20), total: 45, pageSize: 20 },
    });
    renderList(query);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Paginação' }).textContent).toContain(
      'Mostrando 1–20 de 45',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('moves to the last page when the current one no longer exists', () => {
    const onPage = renderList(fakeQuery({ data: { items: [], total: 41, pageSize: 20 } }).query, 5);
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('stays on a page that exists', () => {
    const onPage = renderList(fakeQuery({ data: { items: rows(41, 1), total: 41, pageSize: 20 } }).query, 3);
    expect(onPage).not.toHaveBeenCalled();
  });
});
