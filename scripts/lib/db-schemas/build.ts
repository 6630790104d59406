import path from 'node:path';
import pg from 'pg';
import { diffDatabases, diffSql, readCatalog, type CatalogState, type SchemaDiff } from './catalog.ts';
import { MIGRATIONS_DIR, SCHEMAS_DIR, applyFiles, sqlFiles, startCluster, type Cluster } from './cluster.ts';

/** The catalog of a database, read with an empty search path so that every name is qualified. */
export async function catalogOf(url: string): Promise<CatalogState> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`set search_path = ''`);
    return await readCatalog(client);
  } finally {
    await client.end();
  }
}

/**
 * A database built from a folder of SQL files on the platform bootstrap; its catalog is read at once,
 * since settings of roles are the cluster's and the next build may change them (they are put back).
 */
export async function build(cluster: Cluster, name: string, dir: string, { record = false } = {}) {
  await cluster.createBootstrapped(name);
  const before = await catalogOf(cluster.url(name));
  await cluster.withClient(name, (client) => applyFiles(client, sqlFiles(dir), { record }));
  const catalog = await catalogOf(cluster.url(name));
  await cluster.withClient(name, async (client) => {
    for (const [key, setting] of catalog.roleSettings) {
      if (before.roleSettings.get(key)?.setting === setting.setting) continue;
      await client.query(`alter role "${setting.role}" reset ${setting.setting.split('=')[0]}`);
    }
  });
  return { name, url: cluster.url(name), catalog, files: sqlFiles(dir).map((f) => path.basename(f)) };
}

export type Built = Awaited<ReturnType<typeof build>>;

/** What `from` lacks of `to`. */
export async function diffBuilt(from: Built, to: Built): Promise<SchemaDiff> {
  const catalogs = new Map([
    [from.url, from.catalog],
    [to.url, to.catalog],
  ]);
  return diffDatabases(from.url, to.url, async (url) => catalogs.get(url)!);
}

export const isEmpty = (diff: SchemaDiff) => diff.migra.length === 0 && diff.catalog.length === 0;

/** Both ways: what the database built from schemas/ lacks, and what it has too many of. */
export async function compareSchemasWithMigrations(schemasDir = SCHEMAS_DIR, migrationsDir = MIGRATIONS_DIR) {
  const cluster = await startCluster();
  try {
    const fromMigrations = await build(cluster, 'from_migrations', migrationsDir);
    const fromSchemas = await build(cluster, 'from_schemas', schemasDir);
    return {
      missingFromSchemas: diffSql(await diffBuilt(fromSchemas, fromMigrations)),
      missingFromMigrations: diffSql(await diffBuilt(fromMigrations, fromSchemas)),
    };
  } finally {
    await cluster.stop();
  }
}
