import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { defaultFilters, getListFilters, saveListFilter } from '../filters/list-filters-store';
import { CatalogGrid } from './catalog-grid';

type Page = { items: { id: number; title: string }[]; page: number; pageSize: number; total: number };

const page = (items: Page['items'], total = items.length, pageSize = 12): Page => ({
  items,
  page: 1,
  pageSize,
  total,
});

/** A query object with only the fields CatalogGrid reads. */
function fakeQuery(fields: { isPending?: boolean; isError?: boolean; error?: unknown; data?: Page }) {
  const refetch = vi.fn();
  const query = {
    isPending: false,
    isError: false,
    error: null,
    isPlaceholderData: false,
    refetch,
    ...fields,
  } as unknown as UseQueryResult<Page>;
  return { query, refetch };
}

function renderGrid(query: UseQueryResult<Page>, filtered = false) {
  const onPage = vi.fn();
  render(
    <AppProviders env="test">
      <CatalogGrid
        list="courses"
        query={query}
        filtered={filtered}
        onPage={onPage}
        summary={(data) => <p>{data.total} no total</p>}
        card={(item) => <article>{item.title}</article>}
      />
    </AppProviders>,
  );
  return onPage;
}

describe('CatalogGrid', () => {
  it('shows the card skeleton while the page loads', () => {
    renderGrid(fakeQuery({ isPending: true }).query);
    expect(screen.getByLabelText('Carregando').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the error with a retry button', () => {
    const { query, refetch } = fakeQuery({ isError: true, error: new Error('boom') });
    renderGrid(query);
    expect(screen.getByRole('alert').textContent).toContain('Não foi possível carregar');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says the list is empty when no filter is on', () => {
    renderGrid(fakeQuery({ data: page([]) }).query);
    expect(screen.getByText('0 no total')).toBeTruthy();
    expect(screen.getByText('Nenhum curso disponível ainda')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
  });

  it('offers to clear the filters when they leave nothing, and goes back to page 1', () => {
    saveListFilter('courses', 'search', 'planilhas');
    const onPage = renderGrid(fakeQuery({ data: page([]) }).query, true);
    expect(screen.getByText('Nenhum resultado para estes filtros')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(getListFilters('courses')).toEqual(defaultFilters);
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it('shows the summary, a card per item and the pages', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, title: `Curso ${i + 1}` }));
    const onPage = renderGrid(fakeQuery({ data: page(items, 30) }).query);
    expect(screen.getByText('30 no total')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('Mostrando 1–12 de 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('dims the cards while the next page loads', () => {
    const { query } = fakeQuery({ data: page([{ id: 1, title: 'Curso 1' }]) });
    renderGrid({ ...query, isPlaceholderData: true } as UseQueryResult<Page>);
    const grid = screen.getByRole('article').parentElement as HTMLElement;
    expect(grid.style.opacity).toBe('0.6');
  });
});
