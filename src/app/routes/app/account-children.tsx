import { AreaPage } from '@/app/components/area-shell';
import { AccountTabs } from '@/features/account/components/account-tabs';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ChildLogins } from '@/features/child-logins/components/child-logins';
import { accountTabLinks } from './account-tab-links';

/** /app/account/children: the parent gives each child a login (username + PIN or password). */
export default function Screen() {
  const { user } = useAuth();
  return (
    <AreaPage
      area="Parent"
      title="Children's logins"
      description="Give each child their own login: a username and a PIN or password you choose. Children sign in at the same Log In page."
    >
      <div className="mb-6">
        <AccountTabs links={accountTabLinks} current="children" />
      </div>
      {user ? <ChildLogins parentId={user.id} /> : null}
    </AreaPage>
  );
}
