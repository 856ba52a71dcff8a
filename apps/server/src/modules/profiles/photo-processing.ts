import { randomBytes } from 'node:crypto';
import { AppError } from '@app/shared/errors/app-error';
import type { Sharp } from 'sharp';
import { loadSharp, type SharpFactory } from '../../lib/load-sharp.ts';

/** The stored sizes of every photo (spec: full, match, thumb). */
const photoVariants = {
  full: { suffix: '', width: 1080, height: 1080, fit: 'inside' },
  match: { suffix: '_match', width: 480, height: 600, fit: 'cover' },
  thumb: { suffix: '_thumb', width: 160, height: 160, fit: 'cover' },
} as const;
type SizedVariant = keyof typeof photoVariants;
export type PhotoVariant = SizedVariant | 'blur';

export function newPhotoKey(): string {
  return randomBytes(12).toString('hex');
}

export function photoFileName(key: string, variant: PhotoVariant): string {
  return `photos/${key}${variant === 'blur' ? '_blur' : photoVariants[variant].suffix}.jpg`;
}

/** Every stored file of a photo, for deleting them all. */
export const allPhotoVariants: readonly PhotoVariant[] = ['full', 'match', 'thumb', 'blur'];

/**
 * The locked version that free members and visitors see: made from a tiny copy, so no detail of the original
 * survives, at the match size.
 */
export async function blurPhoto(full: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const tiny = await sharp(full).resize({ width: 24, height: 30, fit: 'cover' }).toBuffer();
  return sharp(tiny)
    .resize({ width: photoVariants.match.width, height: photoVariants.match.height, kernel: 'cubic' })
    .blur(12)
    .jpeg({ quality: 60 })
    .toBuffer();
}

export interface ProcessedPhoto {
  width: number;
  height: number;
  files: Record<SizedVariant, Buffer>;
}

/**
 * Decodes once, turns upright, and re-encodes into every variant. Re-encoding drops all metadata (EXIF, GPS);
 * `limitInputPixels` rejects pixel floods. An upload that cannot be decoded is `photo_invalid` (or `photo_too_large`);
 * anything else, sharp failing to load or to encode what it decoded, is the server's fault and answers 500.
 */
export async function processPhoto(input: Buffer | Sharp): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  const decoded = Buffer.isBuffer(input) ? await decodeUpload(sharp, input) : await decodeUpright(input);
  return encodeVariants(sharp, decoded);
}

type DecodedPhoto = Awaited<ReturnType<typeof decodeUpright>>;

async function decodeUpload(sharp: SharpFactory, upload: Buffer): Promise<DecodedPhoto> {
  try {
    return await decodeUpright(sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' }));
  } catch (error) {
    const message = String((error as Error).message ?? error);
    if (/pixel limit/i.test(message)) throw new AppError('photo_too_large', message);
    throw new AppError('photo_invalid', message);
  }
}

function decodeUpright(source: Sharp) {
  return source
    .rotate()
    .resize({
      width: photoVariants.full.width,
      height: photoVariants.full.height,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

async function encodeVariants(sharp: SharpFactory, { data, info }: DecodedPhoto): Promise<ProcessedPhoto> {
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encode = (variant: SizedVariant, quality: number) => {
    const image = sharp(data, raw);
    if (variant !== 'full') {
      const size = photoVariants[variant];
      image.resize({ width: size.width, height: size.height, fit: 'cover' });
    }
    return image.jpeg({ quality }).toBuffer();
  };
  const [full, match, thumb] = await Promise.all([encode('full', 82), encode('match', 80), encode('thumb', 75)]);
  return { width: info.width, height: info.height, files: { full, match, thumb } };
}
