import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds `dist/server.js` once per test run: the multi-process and crash tests spawn the built
 * server, as production runs it. Takes a few seconds (tsup).
 */
export default function setup(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const result = spawnSync(join(root, 'node_modules/.bin/tsup'), ['--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('building the API for the process tests failed');
}
