import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text. Images and fonts the build emits are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|wasm)$/;
/** Below this a compressed file saves less than its headers cost. */
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // .vite/manifest.json is for tooling, never served.
      if (!entry.name.startsWith('.')) yield* files(path);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield path;
    }
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of the build, for the gateway to serve by Accept-Encoding (gateway/src/spa/spa.ts): compressed
 * once at build time at the highest level, never per request. A variant that would not be smaller
 * is not written, and the gateway then serves the file as it is.
 */
export async function precompress(dir: string): Promise<void> {
  const work: Promise<void>[] = [];
  for await (const path of files(dir)) {
    work.push((async () => {
      if ((await stat(path)).size < MIN_BYTES) return;
      const data = await readFile(path);
      const [br, gzipped] = await Promise.all([
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      await Promise.all([
        br.length < data.length ? writeFile(`${path}.br`, br) : undefined,
        gzipped.length < data.length ? writeFile(`${path}.gz`, gzipped) : undefined,
      ]);
    })());
  }
  await Promise.all(work);
}

/** The Vite plugin: precompresses the output once the bundle is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
