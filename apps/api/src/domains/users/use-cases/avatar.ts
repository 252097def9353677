/** The account's avatar: upload (through the image pipeline) and removal. */
import type { User } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../../db/client';
import { unauthorized } from '../../../lib/errors';
import { enqueueMediaDelete } from '../../../platform/media';
import { replaceAvatarKey } from '../../auth';
import { processAvatar } from '../../../services/images';
import type { Storage } from '../../../services/storage';
import * as policy from '../policy';
import { getMe, liveRow } from './account';

/**
 * `POST /v1/me/avatar`: `upload` (the multipart `file`, null when none was sent) goes
 * through the image pipeline (`processAvatar`: at most 3 MB, an image by its magic bytes,
 * cropped to a 256 px square WebP), is stored under a new key and becomes the avatar; the
 * previous file is deleted through the outbox once that committed. Answers the profile.
 * @throws AppError 400 `image_missing` "No image selected", 413 `image_too_large` "Image must
 *   be less than 3mb", 400 `unsupported_image_type` / `invalid_image`, 401 `user_not_found`.
 */
export async function setAvatar(
  deps: { db: Db; storage: Storage },
  userId: string,
  upload: Buffer | null,
): Promise<User> {
  const { db, storage } = deps;
  await liveRow(db, userId);
  const webp = await processAvatar(upload);
  const key = policy.avatarStorageKey(userId, uuidv7());
  await storage.put(key, webp, 'image/webp');
  try {
    const replaced = await db.transaction(async (tx) => {
      const result = await replaceAvatarKey(tx, userId, key);
      if (result?.previous) {
        await enqueueMediaDelete(tx, [result.previous], `avatar:${key}:replaces`);
      }
      return result;
    });
    if (!replaced) throw unauthorized('Session not found', 'user_not_found');
  } catch (err) {
    // Nothing refers to the new file: remove it rather than leave an orphan.
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  return getMe(db, userId);
}

/**
 * `DELETE /v1/me/avatar`: removes the avatar (its file through the outbox); initials show
 * instead. Idempotent. Answers the profile.
 * @throws AppError 401 `user_not_found`.
 */
export async function removeAvatar(db: Db, userId: string): Promise<User> {
  await db.transaction(async (tx) => {
    const result = await replaceAvatarKey(tx, userId, null);
    if (!result) throw unauthorized('Session not found', 'user_not_found');
    if (result.previous) {
      await enqueueMediaDelete(tx, [result.previous], `avatar:${result.previous}:removed`);
    }
  });
  return getMe(db, userId);
}
