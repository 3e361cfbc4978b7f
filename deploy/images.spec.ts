import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24, item 8: the container images. Docker does not run here, so the rules are read from the
 * Dockerfiles: every base image pinned by digest (a digest build argument without a default, or a
 * literal sha256), the Node of the image the `node` devDependency's, compiled JavaScript (no tsx),
 * production dependencies only, non-root, a HEALTHCHECK, and the web image built in a stage.
 */
const ROOT = join(import.meta.dirname, '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const DOCKERFILES = ['deploy/Dockerfile', 'deploy/Dockerfile.web'];

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string): string[] {
  return text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}

/** Problems with the FROM lines of a Dockerfile: each must name a digest that cannot float. */
export function unpinnedFroms(text: string): string[] {
  const lines = instructions(text);
  const args = new Map<string, string | undefined>();
  for (const l of lines) {
    const m = /^ARG\s+([A-Za-z_][A-Za-z0-9_]*)(?:=(\S*))?/.exec(l);
    if (m) args.set(m[1]!, m[2]);
  }
  const stages = new Set<string>();
  const problems: string[] = [];
  for (const l of lines) {
    const m = /^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(l);
    if (!m) continue;
    const image = m[1]!;
    if (m[2]) stages.add(m[2]);
    if (stages.has(image) && image !== m[2]) continue; // FROM an earlier stage
    const digest = /@(.+)$/.exec(image)?.[1];
    if (!digest) { problems.push(`${l}: no digest`); continue; }
    const ref = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(digest);
    if (ref) {
      if (!args.has(ref[1]!)) problems.push(`${l}: ${ref[1]} is not an ARG`);
      else if (args.get(ref[1]!) !== undefined && !/^sha256:[0-9a-f]{64}$/.test(args.get(ref[1]!)!)) problems.push(`${l}: ${ref[1]} defaults to something other than a sha256 digest`);
    } else if (!/^sha256:[0-9a-f]{64}$/.test(digest)) {
      problems.push(`${l}: ${digest} is not a sha256 digest`);
    }
  }
  return problems;
}

describe('container images (deploy/Dockerfile*)', () => {
  it.each(DOCKERFILES)('%s: every FROM is pinned by digest', (file) => {
    expect(unpinnedFroms(read(file))).toEqual([]);
  });

  it('the check refuses floating tags and digests that can be left to float', () => {
    expect(unpinnedFroms('FROM node:24-bookworm-slim\n')).toHaveLength(1);
    expect(unpinnedFroms('ARG D=latest\nFROM node:24@${D}\n')).toHaveLength(1);
    expect(unpinnedFroms('FROM node:24@sha256:abc\n')).toHaveLength(1);
    expect(unpinnedFroms('ARG IMG=node:24\nFROM ${IMG} AS build\nFROM build\n')).toHaveLength(1);
    expect(unpinnedFroms(`FROM node:24@sha256:${'a'.repeat(64)} AS build\nFROM build AS runtime\n`)).toEqual([]);
    expect(unpinnedFroms('ARG D\nFROM node:24@${D}\n')).toEqual([]);
  });

  it('the images run the Node of the `node` devDependency, the one development and CI run', () => {
    const pkg = JSON.parse(read('package.json')) as { devDependencies: Record<string, string>; engines: { node: string } };
    const version = pkg.devDependencies.node!;
    expect(version).toMatch(/^24\.\d+\.\d+$/);
    for (const file of DOCKERFILES) expect(read(file), file).toContain(`ARG NODE_IMAGE=node:${version}-bookworm-slim`);
    expect(read('deploy/images.env')).toContain(`NODE_IMAGE=node:${version}-bookworm-slim`);
    expect(pkg.engines.node).toMatch(/^>=24/);
  });

  it('deploy/Dockerfile: compiled JavaScript, production dependencies only, non-root, a HEALTHCHECK', () => {
    const text = read('deploy/Dockerfile');
    const runtime = text.slice(text.lastIndexOf('FROM '));
    expect(text).toContain('scripts/compile.ts');
    expect(text).toMatch(/npm ci --omit=dev/);
    expect(text).toContain('prune-runtime.sh');
    expect(runtime).toMatch(/^USER 1000:1000$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    expect(runtime).not.toMatch(/tsx/);
    const entry = read('deploy/docker-entrypoint.sh').split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');
    expect(entry).not.toMatch(/tsx|\.ts\b/);
    for (const script of ['run-gateway', 'run-service', 'migrate']) expect(entry).toContain(`scripts/${script}.js`);
  });

  it('deploy/Dockerfile.web: the SPA built in a stage, served unprivileged, with its own .dockerignore', () => {
    const text = read('deploy/Dockerfile.web');
    expect(instructions(text).filter((l) => /^FROM /.test(l))).toHaveLength(2);
    expect(text).toMatch(/vite\.js build/);
    expect(text).toMatch(/COPY --from=build \/app\/web\/dist\//);
    expect(text).toMatch(/^HEALTHCHECK /m);
    expect(existsSync(join(ROOT, 'deploy/Dockerfile.web.dockerignore'))).toBe(true);
    expect(read('deploy/Dockerfile.web.dockerignore')).toMatch(/\*\*\/node_modules/);
  });

  it('scripts/compile.ts points the compiled workspaces at their JavaScript', async () => {
    const { compiledExports } = await import('../scripts/compile.js');
    expect(compiledExports({ '.': './src/index.ts', './*': './src/*.ts' })).toEqual({ '.': './src/index.js', './*': './src/*.js' });
  });
});
