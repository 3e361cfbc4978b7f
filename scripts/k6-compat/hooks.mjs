// Module resolution hooks of the k6 compatibility runner (run.ts): the k6 modules a journey
// imports resolve to this folder's implementations.
const MODULES = { k6: './k6.ts', 'k6/http': './http.ts', 'k6/metrics': './metrics.ts', 'k6/crypto': './crypto.ts' };

export async function resolve(specifier, context, next) {
  const local = MODULES[specifier];
  // Through the next resolver (tsx's), so that the TypeScript file is also loaded as one.
  if (local) return next(new URL(local, import.meta.url).href, context);
  if (specifier.startsWith('k6/')) throw new Error(`k6-compat: module ${specifier} is not implemented (scripts/k6-compat)`);
  return next(specifier, context);
}
