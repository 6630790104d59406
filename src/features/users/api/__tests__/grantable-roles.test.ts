import { describe, expect, it } from 'vitest';
import { grantableRoles } from '../get-accounts';

describe('grantableRoles', () => {
  it("offers a child's login nothing", () => {
    expect(grantableRoles(['child'])).toEqual([]);
  });

  it('offers other accounts the staff and parent roles they lack, never the child role', () => {
    expect(grantableRoles(['parent'])).toEqual(['admin', 'coach']);
    expect(grantableRoles([])).toEqual(['admin', 'coach', 'parent']);
    expect(grantableRoles(['admin', 'coach', 'parent'])).toEqual([]);
  });
});
