import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export interface Enrolment {
  factorId: string;
  /** an SVG data URI of the otpauth:// link */
  qrCode: string;
  /** the secret, for typing into an app by hand */
  secret: string;
}

/** Starts enrolling an authenticator app: a new, unverified factor with its QR code and secret. */
export async function enrollFactor(friendlyName: string): Promise<Enrolment> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName,
    issuer: 'Ploom',
  });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useEnrollFactor() {
  return useMutation({ mutationFn: enrollFactor });
}
