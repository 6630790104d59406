import fs from 'node:fs';
import { expect, it } from 'vitest';
import { TYPES_FILE, generateFromFreshDatabase } from '../../scripts/gen-types.ts';

/**
 * src/types/database.ts must describe the database the migrations build (drift check). It reads a
 * database of its own with only the migrations applied: the test stack's holds other tests' tables.
 */
it('src/types/database.ts matches what scripts/gen-types.ts generates from the migrations', async () => {
  const generated = await generateFromFreshDatabase();
  const committed = fs.readFileSync(TYPES_FILE, 'utf8');
  // On failure, regenerate: npm run db:types
  expect(committed).toBe(generated);
}, 60_000);
