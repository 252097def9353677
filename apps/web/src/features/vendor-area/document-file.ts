import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES } from '@vetted/contract';
import { formatBytes } from '../../lib/format';

/** What the file picker offers (the contract's `DOCUMENT_CONTENT_TYPES` by extension). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp';

const EXTENSIONS: Record<string, (typeof DOCUMENT_CONTENT_TYPES)[number]> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** "10 MB": the largest document, in words (`DOCUMENT_MAX_BYTES`). */
export const MAX_SIZE_TEXT = `${Math.round(DOCUMENT_MAX_BYTES / (1024 * 1024))} MB`;

/**
 * Why `file` cannot be uploaded as a vetting document, or null when it may be: more than
 * `DOCUMENT_MAX_BYTES` (10 MB), or not a PDF, JPEG, PNG or WebP by its type (or, when the browser
 * gives none, its extension). The server checks again by magic bytes.
 */
export function documentFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = file.type || EXTENSIONS[extension] || '';
  if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)) {
    return 'Choose a PDF, JPEG, PNG or WebP file.';
  }
  if (file.size > DOCUMENT_MAX_BYTES) {
    return `This file is ${formatBytes(file.size)}. Documents can be up to ${MAX_SIZE_TEXT}.`;
  }
  return null;
}
