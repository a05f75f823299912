const IMAGE_TOKEN = /^(\d{1,10})-([0-9a-f]{24})$/;
const IMAGE_KEY = /^store\/c(\d+)\/([0-9a-f]{24})\.webp$/;

/** The storage key of a store item's photo (a WebP); the name is random, so the address is unguessable. */
export function storeImageKeyFor(clientId: number, name: string): string {
  return `store/c${clientId}/${name}.webp`;
}

/** The media route's address of a stored photo: `/api/media/store/<client>-<name>`. */
export function storeImageUrl(key: string): string | null {
  const m = IMAGE_KEY.exec(key);
  return m ? `/api/media/store/${m[1]}-${m[2]}` : null;
}

/** The storage key behind a photo's token; undefined for a malformed one. */
export function storeImageKey(token: string): string | undefined {
  const m = IMAGE_TOKEN.exec(token);
  return m ? `store/c${m[1]}/${m[2]}.webp` : undefined;
}
