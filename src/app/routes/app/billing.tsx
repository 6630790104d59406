import { AreaPage } from '@/app/components/area-shell';
import { BillingPage } from '@/features/billing/components/billing-page';

export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="Billing"
      description="Your plan. Monthly plans can be cancelled or paused at any time."
    >
      <BillingPage />
    </AreaPage>
  );
}
