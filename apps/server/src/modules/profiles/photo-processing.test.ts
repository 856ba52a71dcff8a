import { AppError } from '@app/shared/errors/app-error';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processPhoto } from './photo-processing.ts';

describe('processPhoto', () => {
  it('makes every variant of a photo, upright and without metadata', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0392b' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const processed = await processPhoto(photo);
    // Orientation 6 is a quarter turn: the stored photo stands upright.
    expect([processed.width, processed.height]).toEqual([810, 1080]);
    for (const [variant, size] of [
      ['match', [480, 600]],
      ['thumb', [160, 160]],
    ] as const) {
      const meta = await sharp(processed.files[variant]).metadata();
      expect([meta.width, meta.height], variant).toEqual(size);
      expect(meta.exif, variant).toBeUndefined();
    }
  });

  it('answers photo_invalid for what is no image, and photo_too_large for a pixel flood', async () => {
    const refusal = (input: Buffer) =>
      processPhoto(input).then(
        () => null,
        (error: unknown) => error,
      );
    const invalid = await refusal(Buffer.from('no image at all'));
    expect(invalid).toBeInstanceOf(AppError);
    expect((invalid as AppError).code).toBe('photo_invalid');
    const flood = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooLarge = await refusal(flood);
    expect((tooLarge as AppError).code).toBe('photo_too_large');
  });
});
