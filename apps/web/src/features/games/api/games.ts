import { useQuery } from '@tanstack/react-query';
import {
  gameAttemptStarted,
  gameInfo,
  gameMovesResponse,
  gameSubmitted,
  type GameAttemptStarted,
  type GameMove,
  type GameMovesResponse,
  type GameSubmitted,
} from '@trilha/contracts/learning/games';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** The learner's routes of a game activity (packages/contracts/src/learning/games.ts). */
const base = (activityId: number) => `/api/learning/activities/${activityId}/game`;

export const gameKeys = {
  info: (activityId: number, trailId: number | null) => ['games', activityId, trailId, 'info'] as const,
};

/**
 * The game, its record for this learner (attempts, won, best score) and an attempt left open. `trailId`:
 * the trail the course was opened in, whose rules decide whether the activity is open.
 */
export function useGameInfo(activityId: number, trailId: number | null) {
  return useQuery({
    queryKey: gameKeys.info(activityId, trailId),
    queryFn: ({ signal }) =>
      apiRequest(`${base(activityId)}${queryString({ trailId })}`, { schema: gameInfo, signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** A new attempt, with its view in the attempt's order and its deadline. */
export function startGameAttempt(activityId: number, trailId: number | null): Promise<GameAttemptStarted> {
  return apiRequest(`${base(activityId)}/attempts${queryString({ trailId })}`, {
    method: 'POST',
    body: {},
    schema: gameAttemptStarted,
  });
}

/** Moves as they are made: the server's feedback on each, and the state of the game after them. */
export function sendGameMoves(
  activityId: number,
  attemptId: number,
  moves: GameMove[],
): Promise<GameMovesResponse> {
  return apiRequest(`${base(activityId)}/attempts/${attemptId}/moves`, {
    method: 'POST',
    body: { moves },
    schema: gameMovesResponse,
  });
}

/** Every move of the attempt (those sent to `moves` first, in order), replayed by the server against the solution: the result to show. */
export function submitGameAttempt(
  activityId: number,
  attemptId: number,
  moves: GameMove[],
): Promise<GameSubmitted> {
  return apiRequest(`${base(activityId)}/attempts/${attemptId}/submit`, {
    method: 'POST',
    body: { moves },
    schema: gameSubmitted,
  });
}
