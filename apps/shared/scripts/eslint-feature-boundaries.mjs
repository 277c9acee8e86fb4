// The lint rule `olympiad/feature-boundaries`: a feature's screens and dialogs (its components/ and any
// other folder) are its own. Another feature of the same app uses it only through its api/ (queries,
// mutation hooks, the rows they return) or a module at its root (a picker, a hook); whatever more two
// features share moves there, or into apps/shared. The app's own layer (app/: screens, layouts) puts
// features together and may import any of them, and the apps use apps/shared's features as a library.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `apps/<app>/src/features/<feature>/<inside…>` of an absolute path, else null. */
function featureOf(path) {
  const parts = relative(repoRoot, path).split(sep);
  if (parts[0] !== 'apps' || parts[2] !== 'src' || parts[3] !== 'features' || parts.length < 6) return null;
  return { app: parts[1], feature: parts[4], inside: parts.slice(5) };
}

function resolveSource(file, source) {
  if (source.startsWith('.')) return resolve(dirname(file), source);
  if (source.startsWith('@olympiad/shared/')) return resolve(repoRoot, 'apps/shared/src', source.slice('@olympiad/shared/'.length));
  return null;
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps one feature out of another feature's components and other internals." },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches inside the {{feature}} feature: use its api/ or a module at its root, or move what both need there (or into apps/shared).",
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const path = resolveSource(context.filename, source.value);
      const other = path && featureOf(path);
      if (!other || other.app !== own.app || other.feature === own.feature) return;
      if (other.inside.length === 1 || other.inside[0] === 'api') return;
      context.report({ node: source, messageId: 'internal', data: { source: source.value, feature: other.feature } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
