import { useSearchParams } from 'react-router-dom';
import { useNavigate } from '@/lib/navigation';
import { AreaPage } from '@/app/components/area-shell';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { AccountTabs, type AccountTab } from '@/features/account/components/account-tabs';
import { NotificationForm } from '@/features/account/components/notification-form';
import { ProfileForm } from '@/features/account/components/profile-form';
import { SignInForms } from '@/features/account/components/sign-in-forms';
import { YourData } from '@/features/account/components/your-data';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CalendarFeedCard } from '@/features/calendar-feed/components/calendar-feed-card';
import { MessageEmailsSetting } from '@/features/messages/components/message-emails-setting';
import { accountTabLinks } from './account-tab-links';

function currentTab(section: string | null): Exclude<AccountTab, 'children'> {
  return section === 'notifications' || section === 'calendar' || section === 'data' ? section : 'profile';
}

export default function Screen() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = currentTab(params.get('section'));
  if (!user) return null;
  return (
    <AreaPage area="Parent" title="Account" description="Your details, your children and your data.">
      <AccountTabs links={accountTabLinks} current={tab} />
      <div className="mt-6 flex flex-col gap-6">
        {tab === 'profile' ? (
          <>
            <ProfileForm userId={user.id} />
            <SignInForms
              currentEmail={user.email ?? ''}
              redirectTo={`${window.location.origin}${paths.appAccount}`}
            />
          </>
        ) : null}
        {tab === 'notifications' ? (
          <>
            <NotificationForm userId={user.id} />
            <section
              aria-labelledby="message-emails-heading"
              className="rounded-2xl border border-brand-100 bg-white p-5"
            >
              <h2 id="message-emails-heading" className="mb-3 font-display text-xl font-bold">
                Messages from your coach
              </h2>
              <MessageEmailsSetting userId={user.id} />
            </section>
          </>
        ) : null}
        {tab === 'calendar' ? <CalendarFeedCard userId={user.id} kind="family" /> : null}
        {tab === 'data' ? (
          <YourData
            privacyHref={paths.privacy}
            onDeleted={() => {
              toast({ title: 'Your account is deleted', description: 'Thank you for the time with Ploom.' });
              navigate(paths.home, { replace: true });
            }}
          />
        ) : null}
      </div>
    </AreaPage>
  );
}
