import type { AdminReasonBody, VendorDocument } from '@vetted/contract';
import { Container } from '@vetted/ui';
import { useParams } from 'wouter';
import { useAdminVendor, useVendorDecisions } from './use-admin-vendors';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { saveBlob } from '../../lib/download';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { AdminVendorDetailView } from './vendor-detail-view';

/**
 * `/admin/vendors/:id`: one vendor with its documents, services and decisions; see
 * `AdminVendorDetailView`. A decision stores the vendor the API answers with, revalidates the
 * lists and the overview, and is confirmed by a toast; a failed one stays in its dialog.
 */
export function AdminVendorDetailPage() {
  const { id } = useParams<{ id: string }>();
  const vendor = useAdminVendor(id);
  const decide = useVendorDecisions(id);
  const name = vendor.data?.businessName ?? 'The vendor';
  usePageTitle(vendor.data?.businessName);

  const run = async (action: () => Promise<void>, done: string) => {
    await action();
    toast.success(done);
  };

  return (
    <Container>
      <AdminVendorDetailView
        vendor={vendor.data}
        isLoading={vendor.isLoading}
        error={vendor.error}
        onRetry={() => vendor.mutate()}
        onApprove={() => run(decide.approve, `${name} is approved and listed`)}
        onReject={(body: AdminReasonBody) =>
          run(() => decide.reject(body), `${name} was rejected. We’ll email them your reason.`)
        }
        onSuspend={(body: AdminReasonBody) =>
          run(() => decide.suspend(body), `${name} is suspended and unlisted`)
        }
        onReinstate={() => run(decide.reinstate, `${name} is reinstated and listed again`)}
        onDownload={async (document: VendorDocument) => {
          // The document is private: fetched with the admin's token, saved from memory.
          const blob = await api.admin.downloadDocument(id, document.id);
          saveBlob(blob, document.fileName);
        }}
      />
    </Container>
  );
}
