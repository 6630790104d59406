import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { messages } from '@/content/messages';
import { cn } from '@/lib/cn';
import {
  useSubscribeNewsletter,
  type NewsletterInput,
  type NewsletterValues,
} from '../api/subscribe-newsletter';
import { isUniqueViolation } from '@/lib/forms/postgrest-error';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';
import { useSubmitOnce } from '@/lib/forms/use-submit-once';

const loadNewsletterSchema = () =>
  import('../lib/newsletter-schema').then((module) => module.newsletterSchema);

export interface NewsletterFormProps {
  /** Where the form sits (e.g. 'home'); saved with the subscriber. */
  source?: string;
  /** 'light' on pale backgrounds, 'dark' on brand-coloured ones. */
  tone?: 'light' | 'dark';
  className?: string;
}

/**
 * The monthly newsletter sign-up: email (required, checked by the browser) and an optional first
 * name. Already subscribed, success (form reset) and failure each get their toast.
 */
export function NewsletterForm({ source, tone = 'light', className }: NewsletterFormProps) {
  const uid = useId();
  const [validation] = useState(() => lazyZodResolver(loadNewsletterSchema));
  const { register, handleSubmit, reset, formState } = useForm<NewsletterInput, unknown, NewsletterValues>({
    resolver: validation.resolver,
    defaultValues: { email: '', firstName: '' },
  });
  const { errors, isSubmitting } = formState;
  const subscribe = useSubscribeNewsletter();
  const save = useSubmitOnce(async (values: NewsletterValues) => {
    try {
      await subscribe.mutateAsync({ ...values, source });
      toast(messages.newsletterSuccess);
      reset();
    } catch (error) {
      toast(isUniqueViolation(error) ? messages.newsletterDuplicate : messages.newsletterError);
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(save)(event);

  const dark = tone === 'dark';
  const labelClass = dark ? '[&_label]:text-white [&_label_span]:text-white/90' : undefined;
  return (
    <form
      onSubmit={onSubmit}
      onFocus={validation.preload}
      aria-busy={isSubmitting}
      aria-label="Newsletter sign-up"
      className={cn('grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start', labelClass, className)}
    >
      <Field id={`newsletter-email-${uid}`} label="Email" required error={errors.email?.message}>
        <Input
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          placeholder="you@example.com"
          {...register('email')}
        />
      </Field>
      <Field
        id={`newsletter-first-name-${uid}`}
        label="First name"
        optional
        error={errors.firstName?.message}
      >
        <Input
          type="text"
          autoComplete="given-name"
          placeholder="Your first name"
          {...register('firstName')}
        />
      </Field>
      <Button
        type="submit"
        size="md"
        variant={dark ? 'sun' : 'primary'}
        disabled={isSubmitting}
        className="sm:mt-[1.625rem]"
      >
        {isSubmitting ? messages.submitting : 'Subscribe'}
      </Button>
    </form>
  );
}
