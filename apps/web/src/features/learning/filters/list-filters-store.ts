import type { StoreApi, UseBoundStore } from 'zustand';
import { useParamsStore, type ParamsState } from '../../../lib/params-store';

/**
 * The course and trail list filters of spec section 3 (every one defaults to `all`), saved whole or field
 * by field so they survive a reload.
 *
 * Where they live: only six areas of the client state are persisted (common, offline_course, params,
 * site_lists, welcome_banner, cookies_policy), and the spec's own `trails` area is not one of them. The
 * filters are the user's saved view parameters, so they go into the persisted, encrypted `params` area,
 * under a key of their own (`learningListFilters`) that leaves the area's other fields alone. The page
 * number is not a saved filter: it lives in the URL (`?page=`), so a reload keeps it and a fresh visit
 * starts at page 1.
 */

export type ListKey = 'courses' | 'trails';
export type IdSelection = 'all' | number[];

export interface ListFilters {
  favorite: 'all' | 'favorites';
  progress: 'all' | 'not_started' | 'in_progress' | 'finished';
  search: string;
  selected_areas: IdSelection;
  selected_groups: IdSelection;
  selected_tags: IdSelection;
  subscription_type: 'all' | 'subscribed' | 'not_subscribed';
  selected_categories: IdSelection;
}

export const defaultFilters: ListFilters = {
  favorite: 'all',
  progress: 'all',
  search: '',
  selected_areas: 'all',
  selected_groups: 'all',
  selected_tags: 'all',
  subscription_type: 'all',
  selected_categories: 'all',
};

type SavedFilters = Partial<Record<ListKey, Partial<ListFilters>>>;
interface ParamsWithFilters extends ParamsState {
  learningListFilters?: SavedFilters;
}

// The params store's declared state does not name this key; it is stored and restored with the area.
const store = useParamsStore as unknown as UseBoundStore<StoreApi<ParamsWithFilters>>;

const idFields = ['selected_areas', 'selected_groups', 'selected_tags', 'selected_categories'] as const;

/** Saved values cleaned up: an empty selection is `all`, unknown keys and bad values fall back to defaults. */
export function normalizeFilters(saved: Partial<ListFilters> | undefined): ListFilters {
  const out: ListFilters = { ...defaultFilters };
  if (!saved) return out;
  if (saved.favorite === 'favorites') out.favorite = 'favorites';
  if (saved.progress && ['not_started', 'in_progress', 'finished'].includes(saved.progress)) {
    out.progress = saved.progress;
  }
  if (typeof saved.search === 'string') out.search = saved.search.slice(0, 100);
  if (saved.subscription_type === 'subscribed' || saved.subscription_type === 'not_subscribed') {
    out.subscription_type = saved.subscription_type;
  }
  for (const field of idFields) {
    const value = saved[field];
    if (Array.isArray(value)) {
      const ids = [...new Set(value.filter((id) => Number.isInteger(id) && id > 0))];
      out[field] = ids.length ? ids : 'all';
    }
  }
  return out;
}

function write(list: ListKey, filters: ListFilters) {
  const current = store.getState().learningListFilters ?? {};
  store.setState({ learningListFilters: { ...current, [list]: filters } });
}

export function getListFilters(list: ListKey): ListFilters {
  return normalizeFilters(store.getState().learningListFilters?.[list]);
}

/** Saves the whole set of filters of a list. */
export function saveListFilters(list: ListKey, filters: Partial<ListFilters>): void {
  write(list, normalizeFilters({ ...defaultFilters, ...filters }));
}

/** Saves one field, keeping the others. */
export function saveListFilter<K extends keyof ListFilters>(
  list: ListKey,
  field: K,
  value: ListFilters[K],
): void {
  write(list, normalizeFilters({ ...getListFilters(list), [field]: value }));
}

export function resetListFilters(list: ListKey): void {
  write(list, { ...defaultFilters });
}

export function useListFilters(list: ListKey): ListFilters {
  const saved = store((state) => state.learningListFilters?.[list]);
  return normalizeFilters(saved);
}

/** How many filters differ from `all` (the search included). */
export function activeFilterCount(filters: ListFilters): number {
  return (Object.keys(defaultFilters) as (keyof ListFilters)[]).filter(
    (key) => JSON.stringify(filters[key]) !== JSON.stringify(defaultFilters[key]),
  ).length;
}

/** The API's query string (courseListQuery / trailListQuery): id lists as `3,7`, otherwise `all`. */
export function filtersToQuery(filters: ListFilters, page: number, pageSize: number): string {
  const params = new URLSearchParams();
  params.set('favorite', filters.favorite);
  params.set('progress', filters.progress);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  for (const field of idFields) {
    const value = filters[field];
    params.set(field, value === 'all' ? 'all' : value.join(','));
  }
  params.set('subscription_type', filters.subscription_type);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}
