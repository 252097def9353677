import { ImagePlus, SendHorizontal } from 'lucide-react';
import * as React from 'react';
import { cn } from '../../lib/utils';
import { IconButton } from '../button';
import { ComposerPreview } from './composer-preview';
import { useComposerFiles } from './use-composer-files';

/**
 * "Attach images": a visible button opening a hidden file input (`accept="image/*"`, several at
 * once); `onPick` receives the picked files.
 */
function AttachImagesButton({
  disabled,
  describedBy,
  buttonRef,
  onPick,
}: {
  disabled: boolean;
  describedBy: string;
  buttonRef: React.Ref<HTMLButtonElement>;
  onPick: (files: File[]) => void;
}) {
  const fileInputRef = React.useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInputRef}
        type="file"
        accept="image/*"
        multiple
        disabled={disabled}
        aria-label="Attach images"
        // The visible "Attach images" button is the keyboard path (no invisible Tab stop).
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => {
          onPick(Array.from(e.currentTarget.files ?? []));
          // Allow picking the same file again after a refusal or removal.
          e.currentTarget.value = '';
        }}
      />
      <IconButton
        ref={buttonRef}
        label="Attach images"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => fileInputRef.current?.click()}
      >
        <ImagePlus aria-hidden="true" />
      </IconButton>
    </>
  );
}

/** The composer's part of `ChatThreadProps`, defaults applied (see there). */
interface ChatComposerProps {
  /** Called with the trimmed text and the picked images; the composer is then cleared. */
  onSend: (body: string, files: File[]) => void;
  /** Called on every input. */
  onTyping?: () => void;
  placeholder: string;
  disabled: boolean;
  /** Shows "Attach images" and the previews. */
  allowAttachments: boolean;
  /** Most images per message. */
  maxAttachments: number;
  /** Size limit per image in bytes. */
  maxImageBytes: number;
}

/**
 * The message composer: a textarea (Enter sends, Shift+Enter adds a line), optional image
 * attachments with removable previews, and the send button. It is cleared after sending.
 */
function ChatComposer({
  onSend,
  onTyping,
  placeholder,
  disabled,
  allowAttachments,
  maxAttachments,
  maxImageBytes,
}: ChatComposerProps) {
  const [draft, setDraft] = React.useState('');
  const { files, attachError, formRef, attachButtonRef, addFiles, removeFile, clearFiles } =
    useComposerFiles(maxAttachments, maxImageBytes);
  const composerId = React.useId();
  const attachErrorId = `${composerId}-attach-error`;

  const canSend = !disabled && (draft.trim() !== '' || files.length > 0);
  const send = () => {
    if (!canSend) return;
    onSend(
      draft.trim(),
      files.map((f) => f.file),
    );
    setDraft('');
    clearFiles();
  };

  return (
    <form
      ref={formRef}
      data-slot="chat-composer"
      className="flex flex-col gap-2 border-t border-border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {files.length > 0 ? (
        <ul
          data-slot="chat-composer-previews"
          aria-label="Images to send"
          className="flex flex-wrap gap-2"
        >
          {files.map(({ key, file }) => (
            <ComposerPreview
              key={key}
              file={file}
              disabled={disabled}
              onRemove={() => removeFile(key)}
            />
          ))}
        </ul>
      ) : null}
      {allowAttachments ? (
        <p
          id={attachErrorId}
          role="alert"
          data-slot="chat-composer-error"
          className={cn('text-xs font-medium text-danger', !attachError && 'sr-only')}
        >
          {attachError ?? ''}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        {allowAttachments ? (
          <AttachImagesButton
            disabled={disabled}
            describedBy={attachErrorId}
            buttonRef={attachButtonRef}
            onPick={addFiles}
          />
        ) : null}
        <label htmlFor={composerId} className="sr-only">
          Message
        </label>
        <textarea
          id={composerId}
          value={draft}
          disabled={disabled}
          rows={1}
          placeholder={placeholder}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            onTyping?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-input bg-surface px-3.5 py-2 text-sm text-fg placeholder:text-muted outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-disabled"
        />
        <IconButton type="submit" label="Send message" variant="primary" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" />
        </IconButton>
      </div>
    </form>
  );
}

export { ChatComposer };
export type { ChatComposerProps };
