import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { messages } from '@/content/messages';
import { useChildLogins, type ChildLogin } from '../api/get-child-logins';
import { useSaveChildLogin } from '../api/save-child-login';
import { ChildLoginActivity } from './child-login-activity';
import { ChildLoginForm } from './child-login-form';

/** The parent's children, each with their login: give one, change it, or remove it. */
export function ChildLogins({ parentId }: { parentId: string }) {
  const query = useChildLogins(parentId);
  if (query.isPending) return <p role="status">{messages.loading}</p>;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-2xl border border-sun-500 bg-sun-100 p-4">
        We could not load your children. Please reload the page.
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 shadow-sm">Add a child first; then you can give them a login.</p>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {query.data.map((child) => (
        <li key={child.childId}>
          <ChildLoginCard child={child} />
        </li>
      ))}
    </ul>
  );
}

type Mode = 'view' | 'edit' | 'confirm-remove';

function ChildLoginCard({ child }: { child: ChildLogin }) {
  const [mode, setMode] = useState<Mode>('view');
  const save = useSaveChildLogin();
  const headingId = `child-login-${child.childId}-name`;

  const fail = (error: unknown) =>
    toast({ title: 'That did not work', description: (error as Error).message, variant: 'destructive' });

  const onSave = async (values: { username: string; secretKind: 'pin' | 'password'; secret: string }) => {
    try {
      if (child.username) {
        await save.mutateAsync({
          action: 'update',
          childId: child.childId,
          ...(values.username !== child.username ? { username: values.username } : {}),
          ...(values.secret !== '' ? { secret: values.secret, secretKind: values.secretKind } : {}),
        });
        toast({
          title: `${child.firstName}'s login is changed`,
          description: `Username: ${values.username}`,
        });
      } else {
        await save.mutateAsync({ action: 'create', childId: child.childId, ...values });
        toast({ title: `${child.firstName} can sign in now`, description: `Username: ${values.username}` });
      }
      setMode('view');
    } catch (error) {
      fail(error);
    }
  };

  const remove = async () => {
    try {
      await save.mutateAsync({ action: 'remove', childId: child.childId });
      toast({ title: `${child.firstName}'s login is removed` });
      setMode('view');
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={headingId} className="font-display text-xl font-bold text-ink">
        {child.firstName}
      </h2>
      {child.username ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-muted">Username</dt>
          <dd className="font-mono font-semibold text-ink">{child.username}</dd>
          <dt className="text-ink-muted">Signs in with</dt>
          <dd className="text-ink">{child.secretKind === 'pin' ? 'a PIN' : 'a password'}</dd>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">{child.firstName} has no login yet.</p>
      )}

      {mode === 'edit' ? (
        <ChildLoginForm child={child} onSave={onSave} onCancel={() => setMode('view')} />
      ) : mode === 'confirm-remove' ? (
        <div role="group" aria-label={`Remove ${child.firstName}'s login`} className="mt-4 grid gap-3">
          <p className="text-sm text-ink">
            Remove {child.firstName}&apos;s login? {child.firstName} will not be able to sign in until you
            give a new one. Their sessions and points stay.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="primary" onClick={remove} disabled={save.isPending}>
              Yes, remove the login
            </Button>
            <Button variant="ghost" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant={child.username ? 'secondary' : 'primary'} onClick={() => setMode('edit')}>
            {child.username ? 'Change login' : `Give ${child.firstName} a login`}
          </Button>
          {child.username ? (
            <Button variant="ghost" onClick={() => setMode('confirm-remove')}>
              Remove login
            </Button>
          ) : null}
        </div>
      )}
      {child.username ? <ChildLoginActivity child={child} /> : null}
    </section>
  );
}
