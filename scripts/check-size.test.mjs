// node --test scripts/check-size.test.mjs (part of `pnpm lint`)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFile, compare, countLines, measureFunctions } from './check-size.mjs';

/** A function `name` of `bodyLines` statement lines (plus its first and last line). */
function fixtureFunction(name, bodyLines) {
  const body = Array.from({ length: bodyLines }, (_, i) => `  const v${i} = ${i};`).join('\n');
  return `export function ${name}() {\n${body}\n}\n`;
}

test('an API function over 80 lines fails, one of 80 passes', () => {
  const long = checkFile('apps/api/src/domains/x/use-cases/long.ts', fixtureFunction('long', 79));
  assert.deepEqual(long, [
    {
      rule: 'api-function',
      file: 'apps/api/src/domains/x/use-cases/long.ts',
      name: 'long',
      lines: 81,
      limit: 80,
    },
  ]);
  assert.deepEqual(checkFile('apps/api/src/ok.ts', fixtureFunction('ok', 78)), []);
});

test('names nested and assigned functions, and measures each', () => {
  const text = [
    'export function createService() {',
    '  const inner = async () => {',
    '    return 1;',
    '  };',
    '  return { run() { return inner(); } };',
    '}',
    'export default fp(async (app) => {});',
  ].join('\n');
  const found = measureFunctions('a.ts', text).map(({ name, lines }) => [name, lines]);
  assert.deepEqual(found, [
    ['createService', 6],
    ['createService.inner', 3],
    ['createService.run', 1],
    ['default', 1],
  ]);
});

test('a React component over 150 lines fails; tests, stories and seed data are exempt', () => {
  const jsxLines = Array.from({ length: 150 }, (_, i) => `      <p>${i}</p>`).join('\n');
  const component = `export function Big() {\n  return (\n    <div>\n${jsxLines}\n    </div>\n  );\n}\n`;
  const found = checkFile('apps/web/src/features/x/big.tsx', component);
  assert.equal(found.length, 1);
  assert.equal(found[0].rule, 'component');
  assert.equal(found[0].name, 'Big');
  assert.equal(found[0].lines, 156);
  assert.deepEqual(checkFile('apps/web/src/features/x/big.stories.tsx', component), []);
  assert.deepEqual(checkFile('apps/api/test/x.test.ts', fixtureFunction('t', 200)), []);
  assert.deepEqual(checkFile('apps/api/src/db/seed-orders.ts', fixtureFunction('s', 500)), []);
});

test('a file over 400 lines fails', () => {
  const text = `${Array.from({ length: 401 }, (_, i) => `export const c${i} = ${i};`).join('\n')}\n`;
  assert.equal(countLines(text), 401);
  assert.deepEqual(
    checkFile('packages/contract/src/big.ts', text).map((v) => v.rule),
    ['file'],
  );
});

test('the baseline lets known violations pass, and reports new and fixed ones', () => {
  const known = { rule: 'file', file: 'a.ts', lines: 500, limit: 400 };
  const fresh = { rule: 'api-function', file: 'b.ts', name: 'f', lines: 90, limit: 80 };
  assert.deepEqual(compare([known], [known]), { added: [], gone: [] });
  assert.deepEqual(compare([known, fresh], [known]), { added: [fresh], gone: [] });
  assert.deepEqual(compare([], [known]), { added: [], gone: [known] });
});
