import { AppError } from '@app/shared/errors/app-error';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
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
    // Refused from its header alone: 48 megapixels, over the limit of 40.
    const flood = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="6000"/>');
    const tooLarge = await refusal(flood);
    expect((tooLarge as AppError).code).toBe('photo_too_large');
  });

  it('answers a 500, never photo_invalid, when sharp itself cannot be loaded', async () => {
    vi.resetModules();
    vi.doMock('../../lib/load-sharp.ts', () => ({ loadSharp: () => Promise.reject(new Error('libvips missing')) }));
    const { processPhoto: processWithoutSharp } = await import('./photo-processing.ts');
    const error = await processWithoutSharp(Buffer.from('any upload')).then(
      () => null,
      (refusal: unknown) => refusal,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    vi.doUnmock('../../lib/load-sharp.ts');
  });
});
