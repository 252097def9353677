#!/usr/bin/env node
/**
 * `pnpm lint:openapi`: writes the document `GET /v1/openapi.json` serves (built by the API's own
 * generator, apps/api/src/lib/openapi-cli.ts) to a temporary file and lints it with
 * `redocly lint` under redocly.yaml (the recommended rules; each one turned down says why there).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'vetted-openapi-'));
const file = join(dir, 'openapi.json');

function run(cmd, args, cwd) {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

let status;
try {
  status = run(
    join(root, 'apps/api/node_modules/.bin/tsx'),
    ['src/lib/openapi-cli.ts', file],
    join(root, 'apps/api'),
  );
  if (status === 0) {
    status = run(
      join(root, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'stylish'],
      root,
    );
  } else {
    console.error('lint-openapi: writing the OpenAPI document failed');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
