import { AppError } from '@app/shared/errors/app-error';
import type { Storage } from '../../storage/storage.ts';
import { newPhotoKey, processPhoto } from '../profiles/photo-processing.ts';

/**
 * Runs a chat photo through the photo pipeline (decoded, turned upright, metadata dropped, re-encoded) and stores its
 * full size and thumbnail under `chat/`, apart from profile photos: no CDN path serves them, only the chat's own
 * call that checks who asks. Answers the storage key.
 */
export async function storeChatPhoto(storage: Storage, image: Buffer): Promise<string> {
  if (image.length === 0) throw new AppError('photo_invalid', 'no image body');
  const processed = await processPhoto(image);
  const key = newPhotoKey();
  await storage.put(`chat/${key}.jpg`, processed.files.full, 'image/jpeg');
  await storage.put(`chat/${key}_thumb.jpg`, processed.files.thumb, 'image/jpeg');
  return key;
}
