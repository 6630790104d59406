import { badRequest } from './errors.ts';

/** GoTrue's phone check: formatting (spaces, dashes, brackets, a leading +) dropped, then E.164 digits. */
export function validatePhone(raw: string | undefined): string {
  const phone = (raw ?? '').trim().replace(/[\s\-()]/g, '').replace(/^\+/, '');
  if (!/^[1-9]\d{1,14}$/.test(phone)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return phone;
}
