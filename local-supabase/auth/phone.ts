import { badRequest } from './errors.ts';

/** GoTrue's phone check: a leading + and spaces dropped, then E.164 digits. */
export function validatePhone(raw: string | undefined): string {
  const phone = (raw ?? '').replace(/^\+/, '').replace(/ /g, '');
  if (!/^[1-9]\d{1,14}$/.test(phone)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return phone;
}
