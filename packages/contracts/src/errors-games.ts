/**
 * Error codes of games (docs/games.md): the authoring checks of a game's settings and the answers of the
 * attempt routes; listed in errors.ts and translated in every errors.json catalog.
 */
export const gamesErrorCodes = [
  // Authoring (messages of the settings' schemas)
  'GAME_INVALID_ELEMENT_ID',
  'GAME_INVALID_IMAGE_URL',
  'GAME_DUPLICATE_ID',
  'GAME_EMPTY_FACE',
  'GAME_ZONE_OUTSIDE',
  'GAME_UNKNOWN_ZONE',
  'GAME_NOTHING_TO_PLAY',
  'GAME_IMAGE_REQUIRED',
  'GAME_ZONE_RECT_REQUIRED',
  'GAME_TOO_MANY_GAPS',
  'GAME_INVALID_ANSWER',
  // Attempts
  'GAME_NOT_A_GAME',
  'GAME_INVALID_MOVES',
  'GAME_TOO_MANY_MOVES',
  'GAME_MOVES_MISMATCH',
  'GAME_ATTEMPT_CLOSED',
  'GAME_ATTEMPT_CONFLICT',
  'GAME_TIME_UP',
] as const;
