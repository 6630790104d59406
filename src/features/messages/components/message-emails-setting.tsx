import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useMessageEmails } from '../api/get-message-emails';
import { useSaveMessageEmails } from '../api/save-message-emails';

/** One switch: an email when a message has waited unread for 15 minutes (never at night). */
export function MessageEmailsSetting({ userId }: { userId: string }) {
  const setting = useMessageEmails(userId);
  const save = useSaveMessageEmails();
  const id = useId();
  // The choice shows at once; it goes back to what is stored if the save fails.
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 accent-brand-700"
        checked={chosen ?? setting.data ?? true}
        disabled={setting.isPending}
        onChange={(event) => {
          const on = event.target.checked;
          setChosen(on);
          save.mutateAsync({ userId, on }).then(
            () => toast({ title: 'Email choice saved' }),
            () => {
              setChosen(null);
              toast({
                title: 'Not saved',
                description: 'Please try again in a moment.',
                variant: 'destructive',
              });
            },
          );
        }}
      />
      <label htmlFor={id}>
        Email me when a message has waited unread for 15 minutes
        <span className="block text-sm text-ink-muted">
          At most one an hour per conversation, never at night; the email says only that a message waits.
        </span>
      </label>
    </div>
  );
}
