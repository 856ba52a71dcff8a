import { describe, expect, it } from 'vitest';
import { photoFormSchema, readPhotoForm } from './photo-form.ts';
import { maxPhotoBytes } from './photo-limits.ts';

function form(fields: Record<string, string | File>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return readPhotoForm(data);
}
const code = (values: Record<string, unknown>) => photoFormSchema.safeParse(values).error?.issues[0]?.message;

describe('photoFormSchema', () => {
  it('takes an image to upload and an id to delete or make main', () => {
    const photo = new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' });
    expect(photoFormSchema.parse(form({ intent: 'upload', photo, redirect: '/profile' }))).toEqual({
      intent: 'upload',
      photo,
    });
    expect(photoFormSchema.parse(form({ intent: 'delete', id: '12' }))).toEqual({ intent: 'delete', id: 12 });
    expect(photoFormSchema.parse(form({ intent: 'main', id: '7' }))).toEqual({ intent: 'main', id: 7 });
  });

  it('refuses an empty choice, another kind of file and one over 10 MB by the upload call’s codes', () => {
    expect(code(form({ intent: 'upload', photo: new File([], '', { type: 'application/octet-stream' }) }))).toBe(
      'photo_invalid',
    );
    expect(code(form({ intent: 'upload', photo: new File(['x'], 'a.pdf', { type: 'application/pdf' }) }))).toBe(
      'photo_invalid',
    );
    const big = new File([new Uint8Array(maxPhotoBytes + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(code(form({ intent: 'upload', photo: big }))).toBe('photo_too_large');
    expect(code(form({ intent: 'upload' }))).toBe('photo_invalid');
  });

  it('refuses an unknown intent and an id that is not one', () => {
    expect(code(form({ intent: 'rotate', id: '1' }))).toBe('validation_failed');
    expect(code(form({ intent: 'delete', id: '1e3' }))).toBe('validation_failed');
    expect(code(form({ intent: 'main' }))).toBe('validation_failed');
  });
});
