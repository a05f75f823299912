/** AES-GCM encryption of persisted state with WebCrypto; a fresh random IV for every write. */

const VERSION = 'v1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES key derived (SHA-256) from the cookie secret; cached per secret. */
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest('SHA-256', encoder.encode(secret))
      .then((raw) => crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']));
    keys.set(secret, key);
  }
  return key;
}

export async function encryptText(secret: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyFor(secret),
    encoder.encode(plain),
  );
  return `${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

/** Throws when the text was not written by encryptText with this secret, or was altered. */
export async function decryptText(secret: string, sealed: string): Promise<string> {
  const [version, iv, cipher] = sealed.split('.');
  if (version !== VERSION || !iv || !cipher) throw new Error('Unknown persisted state format');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) },
    await keyFor(secret),
    fromBase64(cipher),
  );
  return decoder.decode(plain);
}
