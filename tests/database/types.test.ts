import fs from 'node:fs';
import { expect, it } from 'vitest';
import { TYPES_FILE, generateTypes } from '../../scripts/gen-types.ts';
import { stackEnv } from '../support/stack.ts';

/** src/types/database.ts must describe the database the migrations build (drift check). */
it('src/types/database.ts matches what scripts/gen-types.ts generates from the migrated database', async () => {
  const generated = await generateTypes(stackEnv.dbUrl);
  const committed = fs.readFileSync(TYPES_FILE, 'utf8');
  // On failure, regenerate: node_modules/.bin/tsx scripts/gen-types.ts --fresh
  expect(committed).toBe(generated);
});
