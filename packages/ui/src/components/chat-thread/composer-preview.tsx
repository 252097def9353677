import { X } from 'lucide-react';
import * as React from 'react';
import { IconButton } from '../button';

/** A picked image in the composer: preview (object URL, revoked on removal) and a remove button. */
function ComposerPreview({
  file,
  disabled,
  onRemove,
}: {
  file: File;
  disabled: boolean;
  onRemove: () => void;
}) {
  const [url, setUrl] = React.useState<string | null>(null);
  React.useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <li className="relative size-16">
      {url ? (
        <img
          src={url}
          alt={file.name}
          className="size-16 rounded-md border border-border bg-surface-muted object-cover"
        />
      ) : null}
      <IconButton
        data-slot="chat-attachment-remove"
        label={`Remove ${file.name}`}
        variant="outline"
        disabled={disabled}
        onClick={onRemove}
        className="absolute top-1 right-1 size-6 [&_svg:not([class*='size-'])]:size-3.5"
      >
        <X aria-hidden="true" />
      </IconButton>
    </li>
  );
}

export { ComposerPreview };
