import { Alert, AlertDescription, Button, Card } from '@vetted/ui';
import { Download } from 'lucide-react';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';

export interface DataExportViewProps {
  /** Fetches the export and saves it as a file. Reject to show the error. */
  onDownload: () => Promise<void>;
}

/**
 * "Your data" section of the profile: downloads everything Vetted keeps about the
 * person (profile, saved places, bookings, reviews, messages they sent, notifications,
 * preferences) as one JSON file.
 */
export function DataExportView({ onDownload }: DataExportViewProps) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [done, setDone] = React.useState('');
  return (
    <Card>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Your data</h2>
        <p className="text-sm text-muted">
          Download a copy of your profile, saved places, bookings, reviews, the messages you sent,
          your notifications and settings, as a JSON file.
        </p>
      </div>
      {error ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <p role="status" className={done ? 'text-sm text-muted' : 'sr-only'}>
        {done}
      </p>
      <Button
        variant="outline"
        className="self-start"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          setDone('');
          try {
            await onDownload();
            setDone('Your data was downloaded.');
          } catch (err) {
            setError(errorMessage(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Download aria-hidden="true" />
        Download my data
      </Button>
    </Card>
  );
}
