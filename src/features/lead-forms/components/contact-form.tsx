import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { messages } from '@/content/messages';
import { contactTopics } from '@/content/pages';
import { site } from '@/config/site';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';
import { useSubmissionId } from '@/lib/forms/use-submission-id';
import { useSubmitOnce } from '@/lib/forms/use-submit-once';
import { useHydrated } from '@/lib/use-hydrated';
import { useSendContactMessage } from '../api/send-contact-message';
import { messageLimits, type ContactFormValues } from '../lib/contact-limits';

const loadContactSchema = () => import('../lib/contact-schema').then((module) => module.contactSchema);

const emptyForm: ContactFormValues = {
  name: '',
  email: '',
  topic: '' as ContactFormValues['topic'],
  message: '',
};

export const contactSuccessToast = {
  title: 'Message sent!',
  description: `Thank you for writing. We'll reply within ${site.replyWithinHours} hours.`,
};

/**
 * The contact form. Failure keeps what was typed; the message's id is made here and kept until it
 * is saved, so a double click or a retry never stores it twice.
 */
export function ContactForm() {
  const [validation] = useState(() => lazyZodResolver(loadContactSchema));
  const form = useForm<ContactFormValues>({
    resolver: validation.resolver,
    defaultValues: emptyForm,
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();
  const [messageId, renewMessageId] = useSubmissionId();
  const send = useSendContactMessage();
  const length = useWatch({ control: form.control, name: 'message' }).length;

  const submit = useSubmitOnce(async (values: ContactFormValues) => {
    try {
      await send.mutateAsync({ ...values, id: messageId });
    } catch {
      toast(messages.waitlistError);
      return;
    }
    toast(contactSuccessToast);
    form.reset(emptyForm);
    renewMessageId();
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      onFocus={validation.preload}
      aria-busy={isSubmitting}
    >
      {/* Disabled in the prerendered HTML until the form's code runs (nothing typed is lost). */}
      <fieldset disabled={!hydrated} className="grid min-w-0 gap-5 sm:grid-cols-2">
        <Field label="Your name" error={errors.name?.message} required>
          <Input type="text" autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...form.register('email')}
          />
        </Field>
        <Field label="Topic" error={errors.topic?.message} required className="sm:col-span-2">
          <Select {...form.register('topic')}>
            <option value="">Choose a topic</option>
            {contactTopics.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {topic.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Message"
          error={errors.message?.message}
          required
          className="sm:col-span-2"
          hint="Please don't include medical details. We'll ask for what we need on a call."
        >
          <Textarea rows={6} maxLength={messageLimits.max} {...form.register('message')} />
        </Field>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-muted">
            {length} / {messageLimits.max} characters
          </p>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? messages.submitting : 'Send message'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
