// The preview's own folder (fixtures, certificate, test theme), found from this module wherever it
// runs: as source (preview/*.ts) or bundled (preview/dist/preview.mjs). Its files are found here,
// never from the working directory, so the preview serves any theme from any folder.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageDir(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
  return dir;
}

export const PACKAGE_DIR = findPackageDir(dirname(fileURLToPath(import.meta.url)));
/** The fixture store the preview serves unless told another (PREVIEW_STORE, or storeDir). */
export const FIXTURE_STORE = join(PACKAGE_DIR, 'fixtures');
