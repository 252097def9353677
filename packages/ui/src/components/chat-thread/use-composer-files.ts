import * as React from 'react';
import { validateImageFile } from '../image-upload';

/**
 * The images picked in the composer, each with a stable key, and the refusal to show: a file
 * over `maxImageBytes` ("Image must be less than 3mb", spec §5) or more than `maxAttachments`
 * ("Attach at most {n} images"). After a removal, focus moves to the next remove button, else
 * to the attach button (`attachButtonRef`); `formRef` is the composer's form.
 */
function useComposerFiles(maxAttachments: number, maxImageBytes: number) {
  const [files, setFiles] = React.useState<Array<{ key: number; file: File }>>([]);
  const [attachError, setAttachError] = React.useState<string | null>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  const attachButtonRef = React.useRef<HTMLButtonElement>(null);
  const nextFileKey = React.useRef(0);
  const focusAfterRemove = React.useRef<number | null>(null);

  // After removing a preview, focus the next remove button, else the attach button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the removed preview is gone
  React.useLayoutEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = formRef.current?.querySelectorAll<HTMLButtonElement>(
      '[data-slot="chat-attachment-remove"]',
    );
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    (next ?? attachButtonRef.current)?.focus();
  }, [files]);

  const addFiles = (picked: File[]) => {
    let problem: string | null = null;
    const accepted: File[] = [];
    for (const file of picked) {
      const refusal = validateImageFile(file, maxImageBytes);
      if (refusal) {
        problem ??= refusal;
        continue;
      }
      if (files.length + accepted.length >= maxAttachments) {
        problem ??= `Attach at most ${maxAttachments} images`;
        break;
      }
      accepted.push(file);
    }
    setAttachError(problem);
    if (accepted.length > 0) {
      setFiles((current) => [
        ...current,
        ...accepted.map((file) => ({ key: nextFileKey.current++, file })),
      ]);
    }
  };

  const removeFile = (key: number) => {
    const index = files.findIndex((f) => f.key === key);
    focusAfterRemove.current = Math.max(index, 0);
    setAttachError(null);
    setFiles((current) => current.filter((f) => f.key !== key));
  };

  /** Empties the composer's images and its refusal (after sending). */
  const clearFiles = () => {
    setFiles([]);
    setAttachError(null);
  };

  return { files, attachError, formRef, attachButtonRef, addFiles, removeFile, clearFiles };
}

export { useComposerFiles };
