/** Error codes of the learning area; listed in errors.ts and translated in every errors.json catalog. */
export const learningErrorCodes = [] as const;
