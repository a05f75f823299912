import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionList } from '@trilha/contracts/assessments/questions';
import {
  dailyCalendar,
  dailyChallengeKinds,
  dailyChallengeToday,
  type DailyAnswerBody,
  type DailyScheduleBody,
} from '@trilha/contracts/daily-challenge';
import { apiRequest } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export const dailyChallengeKeys = {
  today: ['daily-challenge', 'today'] as const,
  month: (month: string) => ['daily-challenge', 'calendar', month] as const,
  questions: (search: string) => ['daily-challenge', 'questions', search] as const,
};

/** Today's challenge in my time zone, my answer once given, and my streak. */
export function useDailyChallenge() {
  return useQuery({
    queryKey: dailyChallengeKeys.today,
    queryFn: ({ signal }) =>
      apiRequest('/api/daily-challenge/today', { schema: dailyChallengeToday, signal }),
  });
}

/** Answers today's challenge; the answer (graded, with its feedback) replaces the day's read. */
export function useAnswerDailyChallenge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: DailyAnswerBody) =>
      apiRequest('/api/daily-challenge/today/answer', {
        method: 'POST',
        body: answer,
        schema: dailyChallengeToday,
      }),
    onSuccess: (today) => client.setQueryData(dailyChallengeKeys.today, today),
  });
}

/** The back office's month: each scheduled or drawn day with its question's stem. */
export function useDailyCalendar(month: string) {
  return useQuery({
    queryKey: dailyChallengeKeys.month(month),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/daily-challenges${qs({ month })}`, { schema: dailyCalendar, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useScheduleDay(month: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ day, body }: { day: string; body: DailyScheduleBody }) =>
      apiRequest(`/api/admin/daily-challenges${qs({ day })}`, { method: 'PUT', body, schema: dailyCalendar }),
    onSuccess: (calendar) => client.setQueryData(dailyChallengeKeys.month(month), calendar),
  });
}

export function useClearDay(month: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (day: string) =>
      apiRequest(`/api/admin/daily-challenges${qs({ day })}`, { method: 'DELETE', schema: dailyCalendar }),
    onSuccess: (calendar) => client.setQueryData(dailyChallengeKeys.month(month), calendar),
  });
}

const kinds: readonly string[] = dailyChallengeKinds;

/** Bank questions a day can use (the auto-graded kinds), by a search of their stems. */
export function useChallengeQuestions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: dailyChallengeKeys.questions(search),
    queryFn: async ({ signal }) => {
      const list = await apiRequest(
        `/api/admin/question-bank/questions${qs({ search: search || undefined, pageSize: 100 })}`,
        { schema: questionList, signal },
      );
      return list.questions.filter((q) => kinds.includes(q.kind));
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
