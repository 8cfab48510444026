/**
 * The project's TypeScript sources and what each imports, read with the TypeScript compiler's
 * parser (no type-check, so it takes about a second): the shared ground of the structural
 * checks (scripts/check/dead-exports.mjs, tests/unit/code-shape.test.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SKIP_DIRS = new Set(["node_modules", ".next", ".git", "generated", "coverage", "test-results", "playwright-report"]);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
export const SOURCE_DIRS = ["app", "components", "lib", "emails", "scripts", "tests", "e2e", "tools", "prisma"];

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name) && !/\.d\.m?ts$/.test(name)) out.push(full);
  }
  return out;
}

/** Every source file (absolute paths): the folders above and the root's config and entry files. */
export function sourceFiles() {
  const files = SOURCE_DIRS.flatMap((d) => walk(path.join(ROOT, d), []));
  for (const name of readdirSync(ROOT)) if (SOURCE.test(name) && !/\.d\.m?ts$/.test(name)) files.push(path.join(ROOT, name));
  return files.sort();
}

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx", "/index.mjs"];

/** The file a specifier names ("@/lib/x", "./y"), or null for a package or a non-source file. */
export function resolveSpecifier(from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
  }
  return null;
}

/**
 * One file's imports and exports:
 * - packages: [{ name, typeOnly }] for each package it imports (Node's built-ins included);
 * - imports: [{ target, names: Set | "*", typeOnly, dynamic }] for each local module it uses
 *   (`names` is "*" for a namespace import, `export *` or a dynamic import);
 * - exports: [{ name, line, type, localUses }] of its own named exports (re-exports count as
 *   uses of the source); `type` for a type or interface, `localUses` the identifiers of that
 *   name elsewhere in the file.
 */
export function readModule(file) {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const imports = [];
  const exports = [];
  const packages = [];
  const add = (specifier, names, typeOnly, dynamic = false) => {
    const target = resolveSpecifier(file, specifier);
    if (target) imports.push({ target, names, typeOnly, dynamic });
    else if (!/^(\.|\/|@\/|node:)/.test(specifier)) packages.push({ name: packageName(specifier), typeOnly });
  };
  const line = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const hasExport = (node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      const typeOnly = Boolean(clause?.isTypeOnly);
      if (!clause) add(st.moduleSpecifier.text, new Set(), false);
      else {
        const names = new Set();
        if (clause.name) names.add("default");
        const nb = clause.namedBindings;
        if (nb && ts.isNamespaceImport(nb)) {
          add(st.moduleSpecifier.text, "*", typeOnly);
          continue;
        }
        if (nb) for (const el of nb.elements) names.add((el.propertyName ?? el.name).text);
        const allTypes = typeOnly || (nb && !clause.name && nb.elements.length > 0 && nb.elements.every((el) => el.isTypeOnly));
        add(st.moduleSpecifier.text, names, Boolean(allTypes));
      }
    } else if (ts.isExportDeclaration(st)) {
      if (st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
        if (!st.exportClause) add(st.moduleSpecifier.text, "*", st.isTypeOnly);
        else if (ts.isNamedExports(st.exportClause)) {
          add(st.moduleSpecifier.text, new Set(st.exportClause.elements.map((el) => (el.propertyName ?? el.name).text)), st.isTypeOnly);
          for (const el of st.exportClause.elements) exports.push({ name: el.name.text, line: line(el), reexport: true });
        } else add(st.moduleSpecifier.text, "*", st.isTypeOnly);
      } else if (st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) exports.push({ name: el.name.text, line: line(el) });
      }
    } else if (hasExport(st)) {
      if (isDefault(st)) exports.push({ name: "default", line: line(st) });
      else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) exports.push({ name: d.name.text, line: line(d), decl: d.name });
      } else if (st.name && ts.isIdentifier(st.name)) {
        const type = ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st);
        exports.push({ name: st.name.text, line: line(st), decl: st.name, type });
      }
    } else if (ts.isExportAssignment(st)) exports.push({ name: "default", line: line(st) });
  }
  // import("...") and jest.mock("...")/require("..."): the whole module counts as used.
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const calleeText = callee.getText(sf);
      if (isImport || /^(require|tsx\.require|jest\.(mock|requireActual|unstable_mockModule|doMock))$/.test(calleeText)) add(node.arguments[0].text, "*", false, true);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, node.qualifier ? new Set([node.qualifier.getText(sf).split(".")[0]]) : "*", true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const identifiers = new Map();
  const count = (node) => {
    if (ts.isIdentifier(node)) identifiers.set(node.text, (identifiers.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, count);
  };
  count(sf);
  for (const e of exports) {
    e.localUses = (identifiers.get(e.name) ?? 0) - (e.decl ? 1 : 0);
    e.type = Boolean(e.type);
    delete e.decl;
  }
  return { file, imports, exports, packages };
}

/** The package a bare specifier names: "next/link" -> "next", "@prisma/client/runtime/client" -> "@prisma/client". */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Every source file read once. */
export function readGraph() {
  return sourceFiles().map(readModule);
}

/** A path relative to the project root, with forward slashes. */
export const rel = (file) => path.relative(ROOT, file).split(path.sep).join("/");
