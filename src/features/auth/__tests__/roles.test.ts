import { describe, expect, it } from 'vitest';
import { homePathForRole, pickRole } from '../lib/roles';
import { safeReturnPath } from '../lib/redirect';
import { readAuthLink } from '../lib/initial-url';

describe('pickRole', () => {
  it('prefers admin, then coach, otherwise the first role found', () => {
    expect(pickRole(['parent', 'coach', 'admin'])).toBe('admin');
    expect(pickRole(['parent', 'coach'])).toBe('coach');
    expect(pickRole(['child', 'parent'])).toBe('child');
    expect(pickRole(['parent'])).toBe('parent');
  });
  it('gives null when the user has no role', () => {
    expect(pickRole([])).toBeNull();
  });
});

describe('homePathForRole', () => {
  it('sends admins and coaches to /admin, parents to /app, children to their dashboard', () => {
    expect(homePathForRole('admin')).toBe('/admin');
    expect(homePathForRole('coach')).toBe('/admin');
    expect(homePathForRole('parent')).toBe('/app');
    expect(homePathForRole('child')).toBe('/child/dashboard');
    expect(homePathForRole(null)).toBe('/app');
  });
});

describe('safeReturnPath', () => {
  it('keeps same-site paths and refuses other origins', () => {
    expect(safeReturnPath('/app/billing?x=1')).toBe('/app/billing?x=1');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('readAuthLink', () => {
  it("reads an email link's error description", () => {
    expect(
      readAuthLink(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ errorDescription: 'Email link is invalid or has expired', type: null });
    expect(readAuthLink('#access_token=x&type=recovery')).toEqual({
      errorDescription: null,
      type: 'recovery',
    });
  });
});
