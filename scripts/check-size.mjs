#!/usr/bin/env node
/**
 * Size limits of the source trees, measured with the TypeScript compiler API:
 *   - no source file over 400 lines;
 *   - no function of the API (apps/api/src) over 80 lines;
 *   - no React component (a PascalCase function in a .tsx file) over 150 lines.
 * Tests, stories, the database schema, seed data, fixtures and generated files are exempt.
 *
 * Violations known when the limits came in are listed in .size-baseline.json (keyed by rule, file
 * and function name). `node scripts/check-size.mjs` fails on one not in the list and on a listed
 * one that is gone (the list only shrinks); `--update` rewrites the list from today's tree.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const LIMITS = { file: 400, apiFunction: 80, component: 150 };

/** The trees checked, relative to the repository root. */
export const ROOTS = [
  'apps/api/src',
  'apps/web/src',
  'packages/api-client/src',
  'packages/contract/src',
  'packages/session/src',
  'packages/ui/src',
];

/** Paths (with `/`) the limits do not apply to. */
const EXEMPT = [
  /\.(test|spec)\.[cm]?[jt]sx?$/, // tests
  /(^|\/)(test|tests|__tests__)\//,
  /\.stories\.[jt]sx?$/, // stories
  /(^|\/)db\/schema(\.ts$|\/)/, // the database schema
  /(^|\/)seed[^/]*\.ts$/, // seed data and the seed
  /(^|\/)seed[^/]*\//, // seed data folders (db/seed-data/)
  /(^|\/)fixtures?(\/|\.[jt]sx?$)/, // fixtures
  /\.gen\.ts$/, // generated
  /\.d\.ts$/,
];

export function isExempt(path) {
  return EXEMPT.some((re) => re.test(path));
}

function lineOf(sourceFile, pos) {
  return sourceFile.getLineAndCharacterOfPosition(pos).line;
}

function propertyNameText(name) {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) {
    return name.text;
  }
  if (ts.isPrivateIdentifier(name)) return name.text;
  return '[computed]';
}

/**
 * The name a reader would call a function by: its own, the variable or property it is assigned
 * to (through wrapping calls such as `forwardRef(...)`, `fp(...)`), else the call it is passed to.
 */
function nameOf(node, sourceFile) {
  if (node.name) return propertyNameText(node.name);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  let child = node;
  let parent = node.parent;
  let callee;
  while (parent) {
    if (ts.isCallExpression(parent) || ts.isParenthesizedExpression(parent)) {
      if (ts.isCallExpression(parent) && !callee) {
        callee = parent.expression.getText(sourceFile).replace(/\s+/g, '');
      }
      child = parent;
      parent = parent.parent;
      continue;
    }
    if (ts.isAsExpression(parent) || ts.isSatisfiesExpression?.(parent)) {
      child = parent;
      parent = parent.parent;
      continue;
    }
    break;
  }
  if (parent) {
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
      return propertyNameText(parent.name);
    }
    if (ts.isExportAssignment(parent)) return 'default';
    if (ts.isBinaryExpression(parent) && parent.right === child) {
      return parent.left.getText(sourceFile).replace(/\s+/g, '');
    }
  }
  return callee ? `${callee}(…)` : '(anonymous)';
}

/**
 * Every function in `text` with its dotted name (outer function names first; a repeated name
 * gets `#2`, `#3`…) and its length in lines, first to last line of the declaration.
 */
export function measureFunctions(fileName, text) {
  const sourceFile = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out = [];
  const seen = new Map();
  const visit = (node, scope) => {
    let inner = scope;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const own = nameOf(node, sourceFile);
      let name = scope ? `${scope}.${own}` : own;
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      if (count > 1) name = `${name}#${count}`;
      const lines =
        lineOf(sourceFile, node.getEnd()) - lineOf(sourceFile, node.getStart(sourceFile)) + 1;
      out.push({ name, own, lines });
      inner = name;
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(sourceFile, '');
  return out;
}

/** The number of lines of `text` (a final newline ends the last line). */
export function countLines(text) {
  if (text.length === 0) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * The size violations of one file, `path` relative to the repository root with `/`:
 * `{ rule, file, name?, lines, limit }`.
 */
export function checkFile(path, text) {
  if (isExempt(path)) return [];
  const found = [];
  const lines = countLines(text);
  if (lines > LIMITS.file) found.push({ rule: 'file', file: path, lines, limit: LIMITS.file });
  const api = path.startsWith('apps/api/');
  const tsx = path.endsWith('.tsx');
  if (!api && !tsx) return found;
  for (const fn of measureFunctions(path, text)) {
    if (api && fn.lines > LIMITS.apiFunction) {
      found.push({
        rule: 'api-function',
        file: path,
        name: fn.name,
        lines: fn.lines,
        limit: LIMITS.apiFunction,
      });
    }
    if (tsx && /^[A-Z]/.test(fn.own) && fn.lines > LIMITS.component) {
      found.push({
        rule: 'component',
        file: path,
        name: fn.name,
        lines: fn.lines,
        limit: LIMITS.component,
      });
    }
  }
  return found;
}

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) yield full;
  }
}

/** Every size violation under {@link ROOTS}, sorted. */
export function checkTree(root) {
  const found = [];
  for (const dir of ROOTS) {
    for (const full of sourceFiles(join(root, dir))) {
      const path = relative(root, full).split(sep).join('/');
      found.push(...checkFile(path, readFileSync(full, 'utf8')));
    }
  }
  return found.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

export function keyOf(v) {
  return v.name ? `${v.rule} ${v.file} ${v.name}` : `${v.rule} ${v.file}`;
}

/**
 * Today's violations against the baseline's: `added` (not in the baseline) and `gone` (in the
 * baseline, no longer found).
 */
export function compare(current, baseline) {
  const known = new Set(baseline.map(keyOf));
  const now = new Set(current.map(keyOf));
  return {
    added: current.filter((v) => !known.has(keyOf(v))),
    gone: baseline.filter((v) => !now.has(keyOf(v))),
  };
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const baselineFile = join(root, '.size-baseline.json');
  const current = checkTree(root);
  if (process.argv.includes('--update')) {
    writeFileSync(baselineFile, `${JSON.stringify(current, null, 2)}\n`);
    // In the formatting `biome check` (part of `pnpm lint`) expects of a JSON file.
    spawnSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', baselineFile], {
      cwd: root,
    });
    console.log(`check-size: ${current.length} known violations written to ${baselineFile}`);
    return 0;
  }
  const baseline = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : [];
  const { added, gone } = compare(current, baseline);
  for (const v of added) {
    console.error(`  over ${v.limit} lines  ${keyOf(v)}: ${v.lines} lines`);
  }
  for (const v of gone) console.error(`  fixed (in the baseline)  ${keyOf(v)}`);
  if (added.length > 0) {
    console.error(
      `check-size: ${added.length} new violation(s): files ≤ ${LIMITS.file} lines, API functions ≤ ${LIMITS.apiFunction}, React components ≤ ${LIMITS.component}.`,
    );
  }
  if (gone.length > 0) {
    console.error(
      `check-size: ${gone.length} known violation(s) no longer occur: run \`pnpm lint:baseline\` so the baseline shrinks.`,
    );
  }
  if (added.length > 0 || gone.length > 0) return 1;
  console.log(`check-size: no new size violations (${baseline.length} known).`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main();
}
