import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '../../../src/config/paths.ts';
import type { DemoRole } from './roles.ts';

/**
 * The signed-in areas' routes, read from the app's route manifest (src/app/routes.manifest.areas.ts,
 * which names each path through src/config/paths.ts; read as text, since its rows load the
 * features' queries, which Node does not run): a new screen there is walked without touching the
 * tests. A path's parameters take the seeded demo family's ids.
 */

const routeTable = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'src',
  'app',
  'routes.manifest.areas.ts',
);

/** Seeded ids (supabase/seed.sql) for each parameter a pattern may have. */
const params: Record<string, string> = {
  /** Mia's next session with the demo coach */
  sessionId: 'e0000000-0000-4000-8000-000000000003',
  /** Mia, the demo family's child */
  childId: 'd0000000-0000-4000-8000-000000000001',
  /** the demo family (a family is its parent's account: Sam Rivera) */
  familyId: 'a0000000-0000-4000-8000-000000000003',
  /** Mia's progress report for last month, published */
  reportId: 'f2000000-0000-4000-8000-000000000001',
};

type PathName = keyof typeof paths;

function hrefOf(name: string): string {
  if (!(name in paths)) throw new Error(`the route manifest names paths.${name}, which paths.ts lacks`);
  const entry = paths[name as PathName];
  const pattern = typeof entry === 'string' ? entry : entry.pattern;
  return pattern.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const value = params[param];
    if (!value) throw new Error(`no seeded value for the route parameter :${param} (${pattern})`);
    return value;
  });
}

/** Every path of the areas' route table (each row's `path:`), in its order, each once. */
export function areaRoutePaths(): string[] {
  const source = fs.readFileSync(routeTable, 'utf8');
  const names = [...source.matchAll(/\bpath: paths\.(\w+)/g)].map((match) => match[1]!);
  return [...new Set(names.map(hrefOf))];
}

/** The area each role walks: the admin area for staff, /app for the parent, /child for the child. */
export const areaOf: Record<DemoRole, string> = {
  admin: paths.admin,
  coach: paths.admin,
  parent: paths.app,
  child: paths.child,
};

/** The routes a role walks: its area's routes, and a path in it that names no screen. */
export function routesOf(role: DemoRole): string[] {
  const area = areaOf[role];
  const inArea = areaRoutePaths().filter((href) => href === area || href.startsWith(`${area}/`));
  return [...inArea, `${area}/no-such-screen`];
}
