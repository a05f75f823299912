import { describe, expect, it } from 'vitest';
import { flushPersistence, hydratePersistedStores, readArea, resetAllStores } from '../../../lib/persist';
import {
  activeFilterCount,
  defaultFilters,
  filtersToQuery,
  getListFilters,
  normalizeFilters,
  resetListFilters,
  saveListFilter,
  saveListFilters,
} from './list-filters-store';

describe('learning list filters', () => {
  it('start as all', () => {
    expect(getListFilters('courses')).toEqual(defaultFilters);
    expect(activeFilterCount(getListFilters('trails'))).toBe(0);
  });

  it('save field by field, per list', () => {
    saveListFilter('courses', 'progress', 'in_progress');
    saveListFilter('courses', 'selected_tags', [3, 7]);
    expect(getListFilters('courses')).toMatchObject({
      progress: 'in_progress',
      selected_tags: [3, 7],
      favorite: 'all',
    });
    expect(getListFilters('trails')).toEqual(defaultFilters);
    expect(activeFilterCount(getListFilters('courses'))).toBe(2);
  });

  it('save whole, replacing what was there', () => {
    saveListFilter('trails', 'search', 'vendas');
    saveListFilters('trails', { favorite: 'favorites' });
    expect(getListFilters('trails')).toEqual({ ...defaultFilters, favorite: 'favorites' });
    resetListFilters('trails');
    expect(getListFilters('trails')).toEqual(defaultFilters);
  });

  it('survive a reload: stored encrypted in the params area and read back', async () => {
    saveListFilters('courses', { favorite: 'favorites', search: 'atendimento', selected_areas: [2] });
    await flushPersistence();
    const stored = localStorage.getItem('trilha:params');
    expect(stored).toBeTruthy();
    expect(stored).not.toContain('atendimento');
    expect(await readArea('params')).toMatchObject({
      learningListFilters: { courses: { favorite: 'favorites', search: 'atendimento' } },
    });

    // A reload: the stores start empty and hydrate from storage.
    resetAllStores();
    expect(getListFilters('courses')).toEqual(defaultFilters);
    await hydratePersistedStores();
    expect(getListFilters('courses')).toEqual({
      ...defaultFilters,
      favorite: 'favorites',
      search: 'atendimento',
      selected_areas: [2],
    });
  });

  it('clean up what they read: empty selections are all, bad values fall back', () => {
    expect(
      normalizeFilters({
        selected_groups: [],
        selected_tags: [4, 4, -1],
        progress: 'bogus' as never,
        favorite: 'favorites',
      }),
    ).toEqual({ ...defaultFilters, selected_tags: [4], favorite: 'favorites' });
  });

  it('become the API query string', () => {
    const query = new URLSearchParams(
      filtersToQuery({ ...defaultFilters, search: ' notebook ', selected_tags: [3, 7] }, 2, 12),
    );
    expect(Object.fromEntries(query)).toEqual({
      favorite: 'all',
      progress: 'all',
      search: 'notebook',
      selected_areas: 'all',
      selected_groups: 'all',
      selected_tags: '3,7',
      selected_categories: 'all',
      subscription_type: 'all',
      page: '2',
      pageSize: '12',
    });
  });
});
