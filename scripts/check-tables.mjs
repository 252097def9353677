#!/usr/bin/env node
/**
 * "A repository touches only its domain's tables" (ARCHITECTURE §1a), checked with the
 * TypeScript compiler API over apps/api/src/domains/<domain>/ (tests exempt).
 *
 * What counts as touching, and so must stay in the table's owner:
 *   - a write: Drizzle `.insert(t)`, `.update(t)`, `.delete(t)`, and raw `sql` text
 *     `INSERT INTO t`, `UPDATE t`, `DELETE FROM t` (the table named or interpolated, `${t}`);
 *   - a row lock: a Drizzle `select … .from(t) … .for('update' | 'no key update' | 'share' |
 *     'key share')` chain, and raw `sql` text `… FROM t … FOR [NO KEY] UPDATE | [KEY] SHARE`.
 * A change to another domain's table calls that domain's function (exported by its index.ts,
 * taking the caller's `tx`) or enqueues a job.
 *
 * Deliberately out of scope: reads. Read models (admin lists, search, the order facts join,
 * names on an inbox row) select and join other domains' tables; that is a query, not a change,
 * and copying those columns into every domain would be worse than reading them.
 *
 * Ownership is the explicit {@link OWNERS} map: every table of apps/api/src/db/schema.ts has
 * one owner, a domain folder or one of the API's own modules (jobs/ owns the outbox; db/ the
 * meta row). A table missing from the map fails the check, so a new table gets an owner.
 *
 * `node scripts/check-tables.mjs` prints each violation and exits 1 when there is any; there is
 * no baseline.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Table (its `db/schema.ts` export) → the domain (or module) that owns it. */
export const OWNERS = {
  // auth: the account row it creates and signs in with (the users domain, which builds on
  // auth, changes profile, avatar, status and deletion through auth's functions), sessions
  users: 'auth',
  otpChallenges: 'auth',
  otpFailures: 'auth',
  otpDecoys: 'auth',
  refreshTokens: 'auth',
  authSessions: 'auth',
  userAddresses: 'places',
  notificationPreferences: 'notifications',
  notifications: 'notifications',
  // the pro's business and its vetting
  vendorProfiles: 'vendors',
  vendorSlugRedirects: 'vendors',
  vendorCategories: 'vendors',
  vendorDocuments: 'vendors',
  auditLog: 'admin',
  // what pros sell and when
  categories: 'catalogue',
  services: 'listings',
  serviceImages: 'listings',
  availabilityRules: 'scheduling',
  availabilityExceptions: 'scheduling',
  // busy times imported from a pro's other calendars
  busyCalendars: 'scheduling',
  busyTimes: 'scheduling',
  // written only by the triggers of migration 0019; read by the slot cache
  vendorCalendarVersions: 'scheduling',
  // orders and money
  orders: 'orders',
  orderEvents: 'orders',
  payments: 'payments',
  sandboxBankEvents: 'payments',
  sandboxPaymentMethods: 'payments',
  savedPaymentMethods: 'payments',
  webhookEvents: 'payments',
  idempotencyRecords: 'payments',
  ledgerEntries: 'ledger',
  payouts: 'earnings',
  payoutAccounts: 'earnings',
  reviews: 'reviews',
  waitlistEntries: 'waitlist',
  // a pro's private calendar feed token
  calendarFeeds: 'calendar',
  // recurring plans (each visit is an order, written by the orders domain)
  plans: 'plans',
  planSkips: 'plans',
  // quote requests, the pros' leads and quotes (the accepted quote's order is the orders domain's)
  quoteRequests: 'quotes',
  quoteLeads: 'quotes',
  quotes: 'quotes',
  // extras a pro proposes during a job, part of its order
  changeOrders: 'orders',
  // browsers' Web Push subscriptions, a delivery channel of notifications
  pushSubscriptions: 'notifications',
  conversations: 'conversations',
  messages: 'conversations',
  // the API's own modules
  outbox: 'jobs',
  meta: 'db',
};

const LOCK_STRENGTHS = new Set(['update', 'no key update', 'share', 'key share']);

/** The folder whose domains are checked, relative to the repository root. */
export const DOMAINS_DIR = 'apps/api/src/domains';

function isExempt(path) {
  return /\.(test|spec)\.[cm]?ts$/.test(path) || /(^|\/)(test|tests|__tests__)\//.test(path);
}

/** `{ exportName: sqlName }` of every `pgTable('sql_name', …)` export in the schema source. */
export function tablesOfSchema(text) {
  const out = {};
  for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'([^']+)'/g)) out[m[1]] = m[2];
  return out;
}

/**
 * The writes and row locks of one source file: `{ table, kind, line }[]`, `table` the schema's
 * export name. `sqlNames` maps SQL table names to export names (for raw `sql` text).
 */
export function touchesOf(fileName, text, sqlNames, exportedAliases = new Map()) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // Local name → schema export name, from `import { a, b as c } from '…/db/schema'`.
  const local = new Map();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const fromSchema = /(^|\/)db\/schema(\.ts)?$/.test(st.moduleSpecifier.text);
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      const imported = (el.propertyName ?? el.name).text;
      // A table itself, or another module's exported name for one (catalogue's `vp`).
      const table = fromSchema ? imported : exportedAliases.get(imported);
      if (table) local.set(el.name.text, table);
    }
  }
  // `const vp = alias(vendorProfiles, 'vp')` (or `= vendorProfiles`) names the same table.
  const aliasOf = (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    let init = node.initializer;
    if (ts.isCallExpression(init) && init.expression.getText(sf) === 'alias')
      init = init.arguments[0];
    if (init && ts.isIdentifier(init) && local.has(init.text)) {
      local.set(node.name.text, local.get(init.text));
    }
  };
  const collectAliases = (node) => {
    aliasOf(node);
    ts.forEachChild(node, collectAliases);
  };
  collectAliases(sf);
  const found = [];
  const line = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const tableOf = (expr) =>
    expr && ts.isIdentifier(expr) && local.has(expr.text) ? local.get(expr.text) : undefined;

  /** The table of the nearest `.from(t)` down a method chain ending in `.for(…)`. */
  const fromTableOf = (expr) => {
    let e = expr;
    while (e) {
      if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
        if (e.expression.name.text === 'from') return tableOf(e.arguments[0]);
        e = e.expression.expression;
      } else if (ts.isPropertyAccessExpression(e)) {
        e = e.expression;
      } else {
        return undefined;
      }
    }
    return undefined;
  };

  const visitSql = (node) => {
    // The template's text with each `${table}` written as its SQL name, other values as `?`.
    const parts = [];
    if (ts.isNoSubstitutionTemplateLiteral(node.template)) parts.push(node.template.text);
    else {
      parts.push(node.template.head.text);
      for (const span of node.template.templateSpans) {
        const t = tableOf(span.expression);
        parts.push(t ? ` ${sqlNames.reverse[t] ?? t} ` : ' ? ', span.literal.text);
      }
    }
    const textOf = parts.join('').replace(/\s+/g, ' ');
    const exportOf = (name) => sqlNames.byName[name.replace(/"/g, '').toLowerCase()];
    for (const m of textOf.matchAll(/\b(insert\s+into|update|delete\s+from)\s+("?\w+"?)/gi)) {
      const t = exportOf(m[2]);
      if (t) found.push({ table: t, kind: m[1].toLowerCase().split(/\s/)[0], line: line(node) });
    }
    if (/\bfor\s+(no\s+key\s+update|update|key\s+share|share)\b/i.test(textOf)) {
      const from = /\bfrom\s+("?\w+"?)/i.exec(textOf);
      const t = from && exportOf(from[1]);
      if (t) found.push({ table: t, kind: 'lock', line: line(node) });
    }
  };

  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (method === 'insert' || method === 'update' || method === 'delete') {
        const t = tableOf(node.arguments[0]);
        if (t) found.push({ table: t, kind: method, line: line(node) });
      }
      if (method === 'for') {
        const strength = node.arguments[0];
        if (strength && ts.isStringLiteralLike(strength) && LOCK_STRENGTHS.has(strength.text)) {
          const t = fromTableOf(node.expression.expression);
          if (t) found.push({ table: t, kind: 'lock', line: line(node) });
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sf) === 'sql') visitSql(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.ts$/.test(entry.name)) yield full;
  }
}

/**
 * Names other modules export for a table (`export const vp = vendorProfiles`,
 * `export const x = alias(categories, 'x')`): export name → table export name.
 */
export function exportedAliasesOf(files) {
  const out = new Map();
  for (const { path, text } of files) {
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const schemaNames = new Map();
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st) && /(^|\/)db\/schema(\.ts)?$/.test(st.moduleSpecifier.text)) {
        const b = st.importClause?.namedBindings;
        if (b && ts.isNamedImports(b)) {
          for (const el of b.elements)
            schemaNames.set(el.name.text, (el.propertyName ?? el.name).text);
        }
      }
      if (!ts.isVariableStatement(st)) continue;
      if (!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const d of st.declarationList.declarations) {
        let init = d.initializer;
        if (init && ts.isCallExpression(init) && init.expression.getText(sf) === 'alias') {
          init = init.arguments[0];
        }
        if (
          ts.isIdentifier(d.name) &&
          init &&
          ts.isIdentifier(init) &&
          schemaNames.has(init.text)
        ) {
          out.set(d.name.text, schemaNames.get(init.text));
        }
      }
    }
  }
  return out;
}

/** `{ byName: sql name → export, reverse: export → sql name }` of the schema's tables. */
export function sqlNamesOf(tables) {
  const byName = {};
  const reverse = {};
  for (const [exp, name] of Object.entries(tables)) {
    byName[name] = exp;
    reverse[exp] = name;
  }
  return { byName, reverse };
}

/**
 * Every violation under {@link DOMAINS_DIR} of `root`: `{ file, line, domain, table, owner,
 * kind }`, plus `{ table, missingOwner: true }` for a schema table {@link OWNERS} does not name.
 */
export function checkTree(root, owners = OWNERS) {
  const tables = tablesOfSchema(readFileSync(join(root, 'apps/api/src/db/schema.ts'), 'utf8'));
  const names = sqlNamesOf(tables);
  const out = [];
  for (const t of Object.keys(tables)) {
    if (!owners[t]) out.push({ table: t, missingOwner: true });
  }
  const base = join(root, DOMAINS_DIR);
  const files = [];
  for (const full of sourceFiles(base)) {
    const path = relative(root, full).split(sep).join('/');
    if (!isExempt(path)) files.push({ full, path, text: readFileSync(full, 'utf8') });
  }
  const aliases = exportedAliasesOf(files);
  for (const { full, path, text } of files) {
    const domain = relative(base, full).split(sep)[0];
    if (!domain || domain.endsWith('.ts')) continue;
    for (const touch of touchesOf(path, text, names, aliases)) {
      const owner = owners[touch.table];
      if (owner !== domain) out.push({ file: path, domain, owner, ...touch });
    }
  }
  return out;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const found = checkTree(root);
  if (found.length === 0) {
    console.log('check-tables: every write and row lock is in its table’s owner.');
    return;
  }
  for (const v of found) {
    if (v.missingOwner) console.error(`check-tables: ${v.table} has no owner in OWNERS`);
    else {
      console.error(
        `check-tables: ${v.file}:${v.line} ${v.kind} ${v.table} (owned by ${v.owner}, not ${v.domain})`,
      );
    }
  }
  console.error(
    `check-tables: ${found.length} violation(s): move each write or lock into the owner's ` +
      'domain (a function taking the caller’s tx, exported by its index.ts).',
  );
  process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
