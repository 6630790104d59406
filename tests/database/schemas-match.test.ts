import { describe, expect, it } from 'vitest';
import { compareSchemasWithMigrations } from '../../scripts/lib/db-schemas/build.ts';

/**
 * supabase/schemas (the database as it is) and supabase/migrations (how a deployed database gets
 * there) must build the same database: one built from each, in one throwaway cluster, compared with
 * migra both ways plus the catalog facts migra leaves out (CONVENTIONS.md, "Changing the database").
 */
describe('declarative schemas', () => {
  it('build the same database as the migrations', async () => {
    const { missingFromSchemas, missingFromMigrations } = await compareSchemasWithMigrations();
    expect(missingFromMigrations, 'run `npm run db:diff -- <name>`').toBe('');
    expect(missingFromSchemas, 'supabase/schemas lacks what the migrations build').toBe('');
  }, 120_000);
});
