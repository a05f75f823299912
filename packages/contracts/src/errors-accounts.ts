/** Error codes of the accounts area; listed in errors.ts and translated in every errors.json catalog. */
export const accountsErrorCodes = [] as const;
