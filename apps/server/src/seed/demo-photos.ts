import { createHash } from 'node:crypto';
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import sharp from 'sharp';
import { photoFileName, processPhoto } from '../modules/profiles/photo-processing.ts';
import type { Storage } from '../storage/storage.ts';

// Lorelei artwork is CC0 (public domain); its code is MIT.
const backgrounds = ['f7d6e0', 'fde2c8', 'd8ecf3', 'e1f2d9', 'ece0f5', 'fff1c1', 'f3d9d0', 'd9e4f5'];
const skinTones = ['f9dcc4', 'f1c6a5', 'e0ac89', 'c68863', '9d6544', '6e4630'];
const hairTones: Record<string, string> = {
  blond: 'e6c36a',
  brown: '6b4226',
  black: '1f1a17',
  red: 'b5452a',
  grey: 'a8a8a8',
  bald: '3a2b22',
  dyed: '8e3fa8',
};

export interface DemoPhotoSpec {
  seed: string;
  gender: 'male' | 'female';
  hairColour: string;
  skinIndex: number;
  backgroundIndex: number;
}

/** Draws an illustrated portrait offline and stores it in every size; answers its storage key. */
export async function createDemoPhoto(storage: Storage, spec: DemoPhotoSpec) {
  const svg = createAvatar(lorelei, {
    seed: spec.seed,
    size: 600,
    backgroundColor: [backgrounds[spec.backgroundIndex % backgrounds.length]!],
    skinColor: [skinTones[spec.skinIndex % skinTones.length]!],
    hairColor: [hairTones[spec.hairColour] ?? hairTones.brown!],
    beardProbability: spec.gender === 'male' ? 45 : 0,
    earringsProbability: spec.gender === 'female' ? 60 : 5,
    frecklesProbability: 15,
    glassesProbability: 20,
  }).toString();
  const processed = await processPhoto(sharp(Buffer.from(svg)));
  // Deterministic names keep the seed reproducible; access is decided by the database, not by the name.
  const key = createHash('sha256').update(`demo-photo:${spec.seed}`).digest('hex').slice(0, 24);
  await Promise.all([
    storage.put(photoFileName(key, 'full'), processed.files.full, 'image/jpeg'),
    storage.put(photoFileName(key, 'match'), processed.files.match, 'image/jpeg'),
    storage.put(photoFileName(key, 'thumb'), processed.files.thumb, 'image/jpeg'),
  ]);
  return { key, width: processed.width, height: processed.height };
}
