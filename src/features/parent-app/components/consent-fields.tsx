import { Link } from '@/lib/navigation';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import type { ConsentNotice } from '../api/get-onboarding';

/**
 * Verifiable parental consent: what the parent agrees to (the notice's versions, what is collected
 * and why), a tick and their typed full name as signature. The server records who, when and how.
 */
export function ConsentFields({
  childName,
  notice,
  agreed,
  signedName,
  errors,
  idPrefix,
}: {
  childName: string;
  notice: ConsentNotice;
  agreed: UseFormRegisterReturn;
  signedName: UseFormRegisterReturn;
  errors: { agreed?: string; signedName?: string };
  idPrefix: string;
}) {
  const child = childName.trim() || 'my child';
  return (
    <fieldset className="grid gap-3 rounded-2xl border border-brand-100 bg-brand-50/50 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Parental consent</legend>
      <p className="text-sm text-ink">
        We keep only what coaching needs: your child&apos;s first name, age and what you tell us here. No
        surname, no photo, no email address. You can see, download or delete it all from your account at any
        time.
      </p>
      <p className="text-sm text-ink-muted">
        Terms of Service version {notice.termsVersion} · Privacy Policy version {notice.privacyVersion} ·{' '}
        <Link to={paths.terms} className="font-semibold text-brand-800 underline" target="_blank">
          Read the terms
        </Link>{' '}
        ·{' '}
        <Link to={paths.privacy} className="font-semibold text-brand-800 underline" target="_blank">
          Read the privacy policy
        </Link>
      </p>
      <Checkbox
        id={`${idPrefix}-agreed`}
        label={`I am ${child}'s parent or legal guardian. I have read the Terms of Service and the Privacy Policy, and I consent to Ploom collecting and using ${child}'s information to provide coaching.`}
        error={errors.agreed}
        {...agreed}
      />
      <Field
        id={`${idPrefix}-signed-name`}
        label="Your full name (your signature)"
        required
        error={errors.signedName}
      >
        <Input type="text" autoComplete="name" {...signedName} />
      </Field>
    </fieldset>
  );
}
