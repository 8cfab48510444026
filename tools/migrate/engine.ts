/**
 * Prisma's WebAssembly schema engine: loaded once per process, and one engine session per
 * command (the schema, the adapter, the engine's log and its errors).
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory, type ErrorRegistry, type SqlDriverAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import { MigrationError, isRecord } from "./errors";
import { readSchema } from "./folders";
import { normalizeFactory, trackConnections } from "./adapters";

// ---------------------------------------------------------------------------
// The WebAssembly engine, loaded once per process

type EngineBindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

let bindingsPromise: Promise<EngineBindings> | undefined;

/**
 * wasm-bindgen's glue (schema_engine_bg.js) plus the 5 MB .wasm it drives. The package's
 * entry point does `import * as wasm from "./schema_engine_bg.wasm"`, which Node 20 cannot
 * load, so we instantiate the module ourselves and hand its exports to the glue. Cached for
 * the life of the process; every engine instance shares it (loading takes ~20 ms).
 */
function loadEngineBindings(): Promise<EngineBindings> {
  bindingsPromise ??= (async () => {
    // The package exports map exposes neither the .wasm file nor package.json; both sit next to the glue.
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmPath = path.join(path.dirname(gluePath), "schema_engine_bg.wasm");
    const [glueSource, wasmBytes] = await Promise.all([fsp.readFile(gluePath, "utf8"), fsp.readFile(wasmPath)]);
    const bindings = evaluateGlue(glueSource, gluePath);
    const imports: Record<string, unknown> = { ...bindings };
    // The engine races every query against a timer (advisory-lock and socket timeouts) and
    // never clears the loser, which would keep the process alive ~10 s after the work is
    // done. So its timers are unref'd; withEngine() keeps the process alive while it works.
    for (const key of Object.keys(imports)) {
      if (key.startsWith("__wbg_setTimeout_")) {
        imports[key] = (callback: () => void, ms: number) => {
          const timer = setTimeout(callback, ms >>> 0);
          timer.unref();
          return timer;
        };
      }
    }
    const { instance } = await WebAssembly.instantiate(wasmBytes, {
      "./schema_engine_bg.js": imports as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    const start = instance.exports.__wbindgen_start;
    if (typeof start === "function") start();
    return bindings;
  })();
  bindingsPromise.catch(() => {
    bindingsPromise = undefined; // let a later call retry
  });
  return bindingsPromise;
}

/**
 * Evaluates the glue, an ES module with no imports whose only exports are
 * `export function` / `export class` declarations, as a function body returning those
 * declarations. Importing it would do the same, but jest (which compiles our `import()` to
 * `require()`, and cannot require ES modules on Node 20) could not load it; this runs the same
 * everywhere (tsx, jest, Next's server) and in the caller's realm, which matters because the
 * glue checks `instanceof Promise` / `Uint8Array` on the values our adapters return.
 */
function evaluateGlue(source: string, file: string): EngineBindings {
  const names: string[] = [];
  const body = source.replace(/^export (?=(?:async )?(?:function\*? |class )([\w$]+))/gm, (_match, name: string) => {
    names.push(name);
    return "";
  });
  if (/^\s*(?:export|import)\b/m.test(body)) {
    throw new MigrationError(`Unexpected module syntax in ${file}; @prisma/schema-engine-wasm changed its glue code.`);
  }
  const factory = new Function(`"use strict";\n${body}\nreturn { ${names.join(", ")} };\n//# sourceURL=${file}`);
  const bindings: unknown = factory();
  if (!isEngineBindings(bindings)) {
    throw new MigrationError(`${file} does not export SchemaEngine and __wbg_set_wasm as expected.`);
  }
  return bindings;
}

function isEngineBindings(value: unknown): value is EngineBindings {
  return (
    isRecord(value) &&
    typeof value.__wbg_set_wasm === "function" &&
    typeof value.SchemaEngine === "function" &&
    typeof value.version === "function"
  );
}

// ---------------------------------------------------------------------------
// Engine session

/**
 * Runs `work` with a fresh engine bound to `factory`, then frees the engine and disposes
 * every connection it opened (the engine does not always do so itself). Engine errors come
 * back as MigrationError with the Rust backtrace trimmed off.
 */
export async function withEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schemaPath: string,
  log: ((message: string) => void) | undefined,
  shadow: SqlDriverAdapterFactory | undefined,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const bindings = await loadEngineBindings();
  const schemaText = await readSchema(schemaPath);
  const tracked = trackConnections(normalizeFactory(factory), shadow);
  const bound = bindMigrationAwareSqlAdapterFactory(tracked.factory);
  let engine: SchemaEngine | undefined;
  // PGlite work holds no handle and the engine's timers are unref'd: without this, Node could
  // consider the process idle and exit in the middle of a command.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    engine = await bindings.SchemaEngine.new(
      { datamodels: [[schemaPath, schemaText]] },
      (line: string) => forwardEngineLog(line, log),
      bound,
    );
    return await work(engine);
  } catch (error) {
    throw toMigrationError(error, bound.errorRegistry);
  } finally {
    engine?.free();
    await tracked.disposeAll();
    clearInterval(keepAlive);
  }
}

function forwardEngineLog(line: string, log: ((message: string) => void) | undefined): void {
  if (!log) return;
  try {
    const parsed: unknown = JSON.parse(line);
    if (isRecord(parsed) && typeof parsed.level === "string" && isRecord(parsed.fields)) {
      if (parsed.level === "DEBUG" || parsed.level === "TRACE") return;
      const message = parsed.fields.message;
      if (typeof message === "string") log(`${parsed.level.toLowerCase()}: ${message}`);
      return;
    }
  } catch {
    // not JSON: pass it through
  }
  log(line);
}

function toMigrationError(error: unknown, registry: ErrorRegistry): Error {
  if (error instanceof MigrationError) return error;
  if (!(error instanceof Error)) return new MigrationError(String(error));
  // Errors thrown in JavaScript inside the adapter reach the engine as `GenericJs { id }` and
  // come back as "<context>\nExternal error id#<id>"; the original waits in the registry.
  const external = /^([\s\S]*?)\s*External error id#(\d+)/.exec(error.message);
  if (external?.[2]) {
    const original = registry.consumeError(Number(external[2]))?.error;
    if (original instanceof Error) {
      const context = external[1]?.trim();
      return new MigrationError(context ? `${context}: ${original.message}` : original.message, { cause: original });
    }
  }
  // "<message>\n   0: schema_engine::...\n      at ...": keep the message.
  const message =
    error.message
      .split(/\n\s+0: /)[0]
      ?.replace(/^external connector error\n/, "")
      .trim() || error.message;
  return new MigrationError(message, { cause: error });
}
