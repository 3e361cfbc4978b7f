import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** The repository root, wherever a script is started from. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
