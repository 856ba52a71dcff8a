import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertStorageKey, contentTypeOf, type Storage } from './storage.ts';

export function createLocalStorage(root: string): Storage {
  return {
    async put(key, data) {
      assertStorageKey(key);
      const file = join(root, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      assertStorageKey(key);
      try {
        return { data: await readFile(join(root, key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await rm(join(root, key), { force: true });
    },
  };
}

/** Keeps files in memory: for tests that need no disk. */
export function createMemoryStorage(): Storage {
  const files = new Map<string, Buffer>();
  return {
    async put(key, data) {
      assertStorageKey(key);
      files.set(key, data);
    },
    async get(key) {
      assertStorageKey(key);
      const data = files.get(key);
      return data ? { data, contentType: contentTypeOf(key) } : null;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
