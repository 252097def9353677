import { Container, PageHeader } from '@vetted/ui';
import { SupportContent } from './support-content';

export function SupportPage() {
  return (
    <Container className="py-12 md:py-16">
      <PageHeader
        title="Support"
        description="Questions about a booking, a payment or your account? We are here to help."
      />
      <div className="mt-8">
        <SupportContent />
      </div>
    </Container>
  );
}
