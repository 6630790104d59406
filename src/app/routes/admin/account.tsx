import { AreaPage } from '@/app/components/area-shell';
import { useStaffArea } from '@/app/components/staff-area';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CalendarFeedCard } from '@/features/calendar-feed/components/calendar-feed-card';
import { MessageEmailsSetting } from '@/features/messages/components/message-emails-setting';
import { EnrolFactor } from '@/features/mfa/components/enrol-factor';
import { FactorList } from '@/features/mfa/components/factor-list';

/**
 * /admin/account: the staff member's own two-factor sign-in (authenticator apps) and their private
 * calendar feed (the sessions they coach, the intro calls they host).
 */
export default function AccountScreen() {
  const area = useStaffArea();
  const { user } = useAuth();
  return (
    <AreaPage
      area={area}
      title="Account"
      description="Two-factor sign-in, and your meetings in your own calendar."
    >
      <section aria-labelledby="factors-heading">
        <h2 id="factors-heading" className="mb-3 font-display text-xl font-bold">
          Your authenticator apps
        </h2>
        <FactorList />
      </section>
      <section aria-labelledby="add-factor-heading" className="mt-8">
        <h2 id="add-factor-heading" className="mb-3 font-display text-xl font-bold">
          Add an authenticator app
        </h2>
        <EnrolFactor />
      </section>
      {user ? (
        <>
          <div className="mt-8">
            <CalendarFeedCard userId={user.id} kind="staff" />
          </div>
          <section aria-labelledby="message-emails-heading" className="mt-8">
            <h2 id="message-emails-heading" className="mb-3 font-display text-xl font-bold">
              Emails about family messages
            </h2>
            <MessageEmailsSetting userId={user.id} />
          </section>
        </>
      ) : null}
    </AreaPage>
  );
}
