import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { inviteSchema, useInviteUser, type InviteValues } from '../api/invite-user';
import { Dialog } from '@/components/ui/dialog';

/** "Invite" button and its dialog: a coach or an admin by email; the invitation email sets a password. */
export function InviteUser() {
  const [open, setOpen] = useState(false);
  const invite = useInviteUser();
  const { register, handleSubmit, formState, reset } = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', firstName: '', lastName: '', role: 'coach' },
  });
  const close = () => {
    setOpen(false);
    reset();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
    } catch (error) {
      toast({
        title: "Couldn't send the invitation",
        description: (error as Error).message,
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: 'Invitation sent',
      description: `${values.email} will get an email to choose a password.`,
    });
    close();
  });
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Invite a coach or admin
      </Button>
      <Dialog
        open={open}
        onOpenChange={(isOpen) => {
          if (!isOpen) close();
        }}
        title="Invite a coach or admin"
        description="They get an email with a link to choose a password and sign in."
      >
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
          aria-busy={formState.isSubmitting}
        >
          <Field label="Email" required error={formState.errors.email?.message}>
            <Input type="email" autoComplete="off" {...register('email')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" required error={formState.errors.firstName?.message}>
              <Input autoComplete="off" {...register('firstName')} />
            </Field>
            <Field label="Last name" optional error={formState.errors.lastName?.message}>
              <Input autoComplete="off" {...register('lastName')} />
            </Field>
          </div>
          <Field label="Role" required>
            <Select {...register('role')}>
              <option value="coach">Coach</option>
              <option value="admin">Admin</option>
            </Select>
          </Field>
          <div className="flex justify-end gap-3">
            <Button variant="ghost" size="sm" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending...' : 'Send invitation'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
