/**
 * The secret that encrypts persisted state lives in a cookie, not next to the data in localStorage, so a
 * copy of localStorage alone is unreadable. Spec section 9: a random value in a secure cookie that
 * expires after 180 days.
 */
export const SECRET_COOKIE = 'trilha_ps';
export const SECRET_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

let memorySecret: string | null = null;

/**
 * Returns the secret, creating it on first use. Browsers drop `Secure` cookies on plain http (localhost
 * excepted); then the secret only lives in memory and persisted state does not outlive the page, which is
 * the safe outcome.
 */
export function getPersistSecret(): string {
  const existing = readCookie(SECRET_COOKIE);
  if (existing) return existing;
  if (memorySecret) return memorySecret;
  const secret = randomSecret();
  document.cookie = `${SECRET_COOKIE}=${secret}; Path=/; Max-Age=${SECRET_MAX_AGE_SECONDS}; SameSite=Strict; Secure`;
  memorySecret = secret;
  return secret;
}

/** Forgets the in-memory copy (tests, and a cookie removed by the user between two reads). */
export function resetPersistSecretCache(): void {
  memorySecret = null;
}
