import { MESSAGES } from '@vetted/api-client';
import { Container, PageHeader } from '@vetted/ui';
import { useVendorProfile, useVendorProfileActions } from './use-vendor-profile';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { DocumentsView } from './documents-view';

/**
 * `/vendor/documents`: the pro's vetting documents (identity, insurance, licence),
 * from the own profile so the vetting status that locks deleting comes with them.
 */
export function VendorDocumentsPage() {
  const { data, error, isLoading, mutate } = useVendorProfile();
  const { uploadDocument, deleteDocument } = useVendorProfileActions();
  return (
    <Container size="md" className="flex flex-col gap-6">
      <PageHeader
        title="Documents"
        description="Vetted checks who you are and that your work is insured before customers can book you."
      />
      <DocumentsView
        documents={data?.documents}
        vettingStatus={data?.vettingStatus}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        onUpload={async (kind, file) => {
          await uploadDocument(kind, file);
          toast.success('Document uploaded');
        }}
        onDelete={async (id) => {
          try {
            await deleteDocument(id);
            toast.success('Document deleted');
          } catch (err) {
            toast.error(MESSAGES.tryAgain, { description: errorMessage(err) });
            throw err;
          }
        }}
      />
    </Container>
  );
}
