/**
 * Avatars of seeded people ("give people avatars"): a DiceBear "Notionists" portrait
 * (design by Zoish, CC0 1.0; code MIT) drawn from the user's id, on a soft background,
 * rasterised SVG → PNG with sharp and then through the avatar pipeline `processAvatar` (256 px
 * square WebP, as an upload would be), stored under the users domain's key scheme
 * `avatars/<user id>/<file id>.webp` with a content-derived file id.
 */
import { createAvatar } from '@dicebear/core';
import * as notionists from '@dicebear/notionists';
import sharp from 'sharp';
import { avatarStorageKey } from '../domains/users/policy';
import { AVATAR_SIDE, processAvatar } from '../services/images';
import { contentHash, type IllustrationRenderer } from './seed-illustrations';

/** Soft backgrounds the portraits are drawn on (hex without `#`, DiceBear's format). */
const BACKGROUNDS = [
  'dbeafe',
  'e0f2fe',
  'dcfce7',
  'fef9c3',
  'fce7f3',
  'ede9fe',
  'ffedd5',
  'e2e8f0',
];

/** The SVG portrait of `seed` ({@link AVATAR_SIDE} px square). Deterministic. */
export function avatarSvg(seed: string): string {
  return createAvatar(notionists, {
    seed,
    size: AVATAR_SIDE,
    backgroundColor: BACKGROUNDS,
  }).toString();
}

/**
 * Queues the avatar of `userId` on `renderer` (public storage) and answers its storage key
 * (`users.avatar_key`) at once. The file id is a hash of the portrait, so a re-run finds the
 * file already there and writes nothing.
 */
export function seedAvatar(renderer: IllustrationRenderer, userId: string): string {
  const svg = avatarSvg(userId);
  const key = avatarStorageKey(userId, contentHash(svg));
  return renderer.file(
    key,
    async () =>
      processAvatar(await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer()),
    'image/webp',
  );
}
