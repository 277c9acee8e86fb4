// `npm run size`: the gzipped JavaScript that the first load of a page needs, from the chunk graph that
// the production build writes (apps/<app>/.stats/chunk-graph.json): the app's entry point, plus the lazily
// loaded chunks of the page's layout and screen. Prints `size <page> <bytes>`, and fails when a page is
// over its budget. Without arguments it measures the learner's pages and every page of the public sites
// (one address per public screen of the access matrix); `make test` runs it after the build.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const appsRoot = fileURLToPath(new URL('../../', import.meta.url));
export const matrix = JSON.parse(readFileSync(join(appsRoot, 'shared/src/generated/access-matrix.json'), 'utf8'));

/** The learner's first question screen is what tens of thousands of phones load at once on mobile data. */
const BUDGETS = { '/geography/olympiad/1/1': 150 * 1024 };

/** Every page of the public sites: how schools find the olympiads, on phones over mobile data (issue's Quality). */
const PUBLIC_BUDGET = 120 * 1024;

/** An address a screen's path serves, with an example for each parameter. */
export function exampleAddress(pattern) {
  if (pattern === '*') return '/no/such/page/here';
  const path = pattern
    .replaceAll('{product}', 'olympiads')
    .split('/')
    .filter((segment) => !segment.endsWith('?'))
    .map((segment) => (segment === ':projectName' || segment === ':olympiadName' ? 'geography' : segment.startsWith(':') ? 'x1' : segment))
    .join('/');
  return path === '' ? '/' : path;
}

const publicPages = () => matrix.screens.filter((s) => s.app === 'public' && !s.shadowed).map((s) => exampleAddress(s.paths[0]));

const budgetOf = (page) => BUDGETS[page] ?? (screenOf(page).app === 'public' ? PUBLIC_BUDGET : Infinity);

const PAGES =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ['/login', '/geography/olympiad/instructions', '/geography/olympiad/1/1', ...new Set(publicPages())];

const kebab = (key) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Segment-by-segment match with the router's rules: static beats `:param`, `:param?` may be absent. */
function score(pattern, path) {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (pattern === '*') return 0;
  let points = 1;
  for (let i = 0; i < Math.max(want.length, have.length); i += 1) {
    const segment = want[i];
    if (segment === undefined) return -1;
    if (segment.endsWith('?') && have[i] === undefined) continue;
    if (have[i] === undefined) return -1;
    if (segment.startsWith(':')) points += 2;
    else if (segment === have[i]) points += 3;
    else return -1;
  }
  return points;
}

function screenOf(path) {
  let best = null;
  for (const screen of matrix.screens.filter((s) => !s.shadowed)) {
    for (const pattern of screen.paths) {
      const points = score(pattern.replaceAll('{product}', 'olympiads'), path);
      if (points >= 0 && (best === null || points > best.points)) best = { screen, points };
    }
  }
  if (!best) throw new Error(`no screen serves ${path}`);
  return best.screen;
}

/** The JavaScript files (in the app's dist) that the first load of `page` needs, and the app. */
export function firstLoadFiles(page) {
  const screen = screenOf(page);
  const graphFile = join(appsRoot, screen.app, '.stats/chunk-graph.json');
  if (!existsSync(graphFile)) throw new Error(`${graphFile} is missing: run \`npm run build\` first`);
  const graph = JSON.parse(readFileSync(graphFile, 'utf8'));
  const files = new Set(graph.entrypoints.main);
  for (const group of [`layout-${screen.layout}`, `screen-${kebab(screen.key)}`]) {
    if (!graph.chunkGroups[group]) throw new Error(`chunk group ${group} is not in the ${screen.app} build`);
    graph.chunkGroups[group].forEach((file) => files.add(file));
  }
  return { app: screen.app, files: [...files].filter((file) => file.endsWith('.js')) };
}

export function gzippedBytes(app, files) {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(appsRoot, app, 'dist', file))).length, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const page of PAGES) {
    const { app, files } = firstLoadFiles(page);
    const bytes = gzippedBytes(app, files);
    console.log(`size ${page} ${bytes}`);
    if (process.env.SIZE_VERBOSE) for (const file of files) console.log(`  ${file}`);
    const budget = budgetOf(page);
    if (bytes > budget) {
      console.error(`${page} needs ${bytes} bytes of gzipped JavaScript, over its budget of ${budget}`);
      process.exitCode = 1;
    }
  }
}
