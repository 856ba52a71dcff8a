/** Where photo files live: a local folder by default, an S3-compatible bucket in production. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when it does not exist. */
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const keyPattern = /^[a-z0-9][a-z0-9_/-]*\.(jpg|webp|png)$/;

/** Keys are server-generated; this guards against a path escaping the storage root all the same. */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key) || key.includes('..') || key.includes('//')) throw new Error(`bad storage key ${key}`);
}

export function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.png')) return 'image/png';
  return 'image/jpeg';
}
