import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The web app's route table (apps/web/src/app/router.tsx): every screen is one `page('<path>', ...)` call. */
export const ROUTER_FILE = path.resolve(import.meta.dirname, '../../apps/web/src/app/router.tsx');

/**
 * The paths of the router's screens, read from its source as it is: a screen added to the route table is in this
 * list at once, so the scan of every route fails until someone says how the screen is reached.
 */
export function routerPaths(source = readFileSync(ROUTER_FILE, 'utf8')): string[] {
  const paths = [...source.matchAll(/\bpage\(\s*'([^']*)'/g)].map((m) => `/${m[1]}`);
  return [...new Set(paths)];
}

/** A route's pattern as a regular expression for a pathname (`:id` is one path segment). */
export function routePattern(route: string): RegExp {
  const escaped = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}
