import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The SPA's import zones (docs/architecture.md, "Adding a page"; bulletproof-react's lint zones):
 *
 * - a feature (`src/features/<f>/`) imports another feature only through its index
 *   (`features/<g>` or `features/<g>/index`), never its pages, components or api;
 * - `app/` (shell, routing) imports features only through their index too;
 * - features never import `app/`;
 * - shared code (`components/`, `lib/`, `i18n/`) imports neither features nor `app/`.
 *
 * Relative imports are resolved against the importing file, so `../../accounts/api` is caught
 * whatever the depth. Specs and test helpers (`src/test/`) are outside the zones.
 *
 * @typedef {{ kind: 'feature', name: string, rest: string } | { kind: 'app' | 'shared' | 'test' | 'other', rest: string }} Zone
 */

/** @param {string} srcRoot @param {string} file @returns {Zone | null} */
function zoneOf(srcRoot, file) {
  const path = relative(srcRoot, file).split(sep).join('/');
  if (path.startsWith('..')) return null;
  const [top = '', ...rest] = path.split('/');
  if (top === 'features') {
    const [name = '', ...inner] = rest;
    return { kind: 'feature', name, rest: inner.join('/').replace(/\.(tsx?|jsx?)$/, '') };
  }
  if (top === 'app') return { kind: 'app', rest: rest.join('/') };
  if (top === 'components' || top === 'lib' || top === 'i18n') return { kind: 'shared', rest: rest.join('/') };
  if (top === 'test') return { kind: 'test', rest: rest.join('/') };
  return { kind: 'other', rest: path };
}

const isIndex = (/** @type {string} */ rest) => rest === '' || rest === 'index';

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the SPA\'s features, app shell and shared code in their import zones.' },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, required: ['srcRoot'], additionalProperties: false }],
    messages: {
      featureInternals: '{{importer}} imports {{target}}, an internal of feature "{{feature}}": import what it shares from its index (features/{{feature}}).',
      featureImportsApp: 'A feature does not import the app shell ({{target}}): move what both need to components/ or lib/.',
      sharedImportsFeature: 'Shared code ({{importer}}) does not import {{target}}: features and the app build on components/ and lib/, not the other way round.',
    },
  },
  create(context) {
    const srcRoot = resolve(/** @type {{ srcRoot: string }} */ (context.options[0]).srcRoot);
    const filename = context.filename;
    if (/\.spec\.tsx?$/.test(filename)) return {};
    const importer = zoneOf(srcRoot, filename);
    if (!importer || importer.kind === 'test') return {};

    /** @param {any} source the import's source literal */
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = zoneOf(srcRoot, resolve(dirname(filename), source.value));
      if (!target || !importer) return;
      const data = { importer: relative(srcRoot, filename).split(sep).join('/'), target: source.value };
      if (target.kind === 'feature') {
        if (importer.kind === 'shared') context.report({ node: source, messageId: 'sharedImportsFeature', data });
        else if ((importer.kind !== 'feature' || importer.name !== target.name) && !isIndex(target.rest)) {
          context.report({ node: source, messageId: 'featureInternals', data: { ...data, feature: target.name } });
        }
      } else if (target.kind === 'app') {
        if (importer.kind === 'feature') context.report({ node: source, messageId: 'featureImportsApp', data });
        else if (importer.kind === 'shared') context.report({ node: source, messageId: 'sharedImportsFeature', data });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** The SPA's local ESLint plugin. */
export default { rules: { 'feature-boundaries': featureBoundaries } };
