import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { aboutTeam, portfolioCourse, portfolioPage } from '@trilha/contracts/learning';
import { apiRequest } from '../../../lib/api-client';

export const PORTFOLIO_PAGE_SIZE = 12;

export function usePortfolio(search: string, page: number) {
  return useQuery({
    queryKey: ['learning', 'portfolio', search, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(PORTFOLIO_PAGE_SIZE) });
      if (search.trim()) params.set('search', search.trim());
      return apiRequest(`/api/public/portfolio?${params.toString()}`, {
        auth: 'none',
        schema: portfolioPage,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

export function usePortfolioCourse(slug: string) {
  return useQuery({
    queryKey: ['learning', 'portfolio', 'course', slug],
    queryFn: ({ signal }) =>
      apiRequest(`/api/public/portfolio/courses/${encodeURIComponent(slug)}`, {
        auth: 'none',
        schema: portfolioCourse,
        signal,
      }),
    retry: false,
  });
}

export function useAboutTeam() {
  return useQuery({
    queryKey: ['learning', 'about-team'],
    queryFn: ({ signal }) =>
      apiRequest('/api/public/about-team', { auth: 'none', schema: aboutTeam, signal }),
  });
}
