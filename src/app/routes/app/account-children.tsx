import { Link } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ChildLogins } from '@/features/child-accounts/components/child-logins';

/** /app/account/children: the parent gives each child a login (username + PIN or password). */
export default function Screen() {
  const { user } = useAuth();
  return (
    <AreaPage
      area="Parent"
      title="Children's logins"
      description="Give each child their own login: a username and a PIN or password you choose. Children sign in at the same Log In page."
    >
      <p className="mb-6 text-sm">
        <Link to={paths.appAccount} className="font-semibold text-brand-800 underline underline-offset-4">
          Back to Account
        </Link>
      </p>
      {user ? <ChildLogins parentId={user.id} /> : null}
    </AreaPage>
  );
}
