import type { GalleryImage } from '@vetted/contract';
import { validateImageFile } from '@vetted/ui';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';

/** A refused or failed photo, keyed (the same file may be refused twice). */
export interface PhotoProblem {
  key: number;
  text: string;
}

/** A photo on its way up, keyed for its pending tile. */
export interface PendingUpload {
  key: string;
  file: File;
}

/** Which of a photo's buttons moved it: the focus goes back to that one where it can. */
export type MoveButton = 'earlier' | 'later' | 'cover';

/** The photo editor's callbacks the hook calls (see `ServiceImagesEditorProps`). */
export interface UseServiceImagesOptions {
  /** The service's photos in their saved order, the cover first. */
  images: GalleryImage[];
  /** Most photos the service may have. */
  max: number;
  /** Uploads one photo; rejects with the API's error. */
  onUpload: (file: File) => Promise<void>;
  /** Saves a new order (every image id, the cover first); rejects to put the old order back. */
  onReorder: (imageIds: string[]) => Promise<void>;
  /** Deletes a photo; rejects with the API's error. */
  onDelete: (imageId: string) => Promise<void>;
}

/** The photos' problems and the last thing said to screen readers. */
function useNotices() {
  const [problems, setProblems] = React.useState<PhotoProblem[]>([]);
  const [announcement, setAnnouncement] = React.useState('');
  const nextKey = React.useRef(0);
  const problem = (text: string): PhotoProblem => {
    nextKey.current += 1;
    return { key: nextKey.current, text };
  };
  return { problems, setProblems, announcement, setAnnouncement, problem };
}
type Notices = ReturnType<typeof useNotices>;

/**
 * Adds photos: each file is checked first (`validateImageFile`: type, 3 MB) and against the
 * room left (`max` minus photos and uploads), then the accepted ones are uploaded one at a
 * time, each shown pending meanwhile.
 */
function useUploads({ images, max, onUpload }: UseServiceImagesOptions, n: Notices) {
  const [pending, setPending] = React.useState<PendingUpload[]>([]);
  const nextKey = React.useRef(0);
  const room = max - images.length - pending.length;
  const addFiles = async (files: File[]) => {
    const refused: PhotoProblem[] = [];
    const accepted: PendingUpload[] = [];
    for (const file of files) {
      const problem = validateImageFile(file);
      if (problem) refused.push(n.problem(`${file.name}: ${problem}`));
      else if (accepted.length >= room) {
        refused.push(n.problem(`${file.name}: a service can have up to ${max} photos`));
      } else {
        nextKey.current += 1;
        accepted.push({ key: `upload-${nextKey.current}`, file });
      }
    }
    if (files.length === 0) refused.push(n.problem(validateImageFile(null) ?? 'No image selected'));
    n.setProblems(refused);
    if (accepted.length === 0) return;
    setPending((list) => [...list, ...accepted]);
    // One at a time: the API answers each with the whole service, in order.
    for (const upload of accepted) {
      try {
        await onUpload(upload.file);
        n.setAnnouncement(`${upload.file.name} added`);
      } catch (error) {
        n.setProblems((list) => [
          ...list,
          n.problem(`${upload.file.name}: ${errorMessage(error)}`),
        ]);
      } finally {
        setPending((list) => list.filter((p) => p.key !== upload.key));
      }
    }
  };
  return { pending, room, addFiles };
}

/** The button to focus after a move: the same one, or the photo's other one at either end. */
function focusAfterMove(button: MoveButton, to: number, last: number): 'earlier' | 'later' {
  if (button === 'earlier') return to > 0 ? 'earlier' : 'later';
  if (button === 'later') return to < last ? 'later' : 'earlier';
  return 'later';
}

/**
 * Reorders photos: the chosen order shows at once and is saved whole (the last save wins);
 * focus stays on the moved photo and its new place is announced. A failed save puts the saved
 * order back and says so.
 */
function useOrder({ images, onReorder }: UseServiceImagesOptions, n: Notices) {
  /** The order on screen while a reorder is being saved (null: the images' own order). */
  const [order, setOrder] = React.useState<string[] | null>(null);
  const [focusTarget, setFocusTarget] = React.useState<string | null>(null);
  const buttons = React.useRef(new Map<string, HTMLButtonElement>());
  const saves = React.useRef(0);

  const byId = new Map(images.map((img) => [img.id, img]));
  // While a new order is being saved it is shown; photos added meanwhile go last.
  const shown = order
    ? [
        ...order.map((imageId) => byId.get(imageId)).filter((img) => img !== undefined),
        ...images.filter((img) => !order.includes(img.id)),
      ]
    : images;

  React.useEffect(() => {
    if (!focusTarget) return;
    buttons.current.get(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const move = async (imageId: string, to: number, button: MoveButton) => {
    const ids = shown.map((img) => img.id);
    const from = ids.indexOf(imageId);
    if (from < 0 || to < 0 || to >= ids.length || from === to) return;
    ids.splice(from, 1);
    ids.splice(to, 0, imageId);
    setOrder(ids);
    n.setProblems([]);
    // A disabled button cannot hold focus; "Make cover" is gone once the photo is first.
    setFocusTarget(`${imageId}:${focusAfterMove(button, to, ids.length - 1)}`);
    n.setAnnouncement(
      to === 0
        ? `Photo moved to place 1 of ${ids.length}: it is now the cover`
        : `Photo moved to place ${to + 1} of ${ids.length}`,
    );
    // Every save sends the whole order, so the last one wins; the screen keeps the order
    // chosen until the last save answers.
    saves.current += 1;
    const mine = saves.current;
    try {
      await onReorder(ids);
      if (mine === saves.current) setOrder(null);
    } catch (error) {
      n.setProblems([n.problem(`The new order was not saved: ${errorMessage(error)}`)]);
      n.setAnnouncement('The new order was not saved');
      setOrder(null);
    }
  };

  /** A ref callback keeping the button `key` (`<imageId>:earlier|later`) focusable after a move. */
  const registerButton = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  return { shown, move, registerButton };
}

/**
 * The photo editor's state: photos `shown` (in the order being saved, if any), uploads
 * `pending`, the `room` left (`max` minus photos and uploads), `problems` to list,
 * the `announcement` for screen readers, and the actions `addFiles`, `move`, `deleteImage`
 * (rethrows so the confirmation stays open) and `dismissProblems`.
 */
export function useServiceImages(options: UseServiceImagesOptions) {
  const { onDelete } = options;
  const notices = useNotices();
  const { shown, move, registerButton } = useOrder(options, notices);
  const { pending, room, addFiles } = useUploads(options, notices);

  const deleteImage = async (imageId: string, index: number) => {
    try {
      await onDelete(imageId);
      notices.setAnnouncement(`Photo ${index + 1} deleted`);
    } catch (error) {
      notices.setProblems([
        notices.problem(`Photo ${index + 1} was not deleted: ${errorMessage(error)}`),
      ]);
      throw error;
    }
  };

  return {
    shown,
    pending,
    room,
    problems: notices.problems,
    announcement: notices.announcement,
    dismissProblems: () => notices.setProblems([]),
    addFiles,
    move,
    deleteImage,
    registerButton,
  };
}
