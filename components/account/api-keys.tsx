"use client";

import * as React from "react";
import Link from "next/link";
import useSWR from "swr";
import { Check, Copy, KeyRound, Loader2, RefreshCw, Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { SubmitButton } from "@/components/forms/submit-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError, getJson, postJson, sendJson } from "@/lib/http/client";

/**
 * Personal API keys on the account page (Professional and Pro Alerts; docs/api.md):
 * the list (name, first characters, created, last used, revoked), a form that creates a
 * key and shows it ONCE with a copy button, and revoke with a confirmation. Self-contained:
 * it loads and changes its own data through /api/account/api-keys. A plan without API
 * access sees the server's message naming the plan that has it.
 */
type KeyView = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };

const URL_KEYS = "/api/account/api-keys";
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const fmt = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "never");

const SWR_OPTIONS = { shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false } as const;

export function ApiKeys() {
  const { data, error, isLoading, mutate } = useSWR<{ keys: KeyView[] }, ApiError>(URL_KEYS, getJson, SWR_OPTIONS);
  const [name, setName] = React.useState("");
  const [nameError, setNameError] = React.useState<string | null>(null);
  const [creating, setCreating] = React.useState(false);
  const [createdKey, setCreatedKey] = React.useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = React.useState(false);
  const [toRevoke, setToRevoke] = React.useState<KeyView | null>(null);
  const [revoking, setRevoking] = React.useState<string | null>(null);
  const [notice, setNotice] = React.useState<string | null>(null);

  const load = () => mutate();

  async function onCreate(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Give the key a name, e.g. "Spreadsheet".');
      return;
    }
    setCreating(true);
    setNameError(null);
    setNotice(null);
    try {
      const created = await postJson<{ key: KeyView & { key: string } }>(URL_KEYS, { name: name.trim() });
      setCreatedKey({ name: created.key.name, key: created.key.key });
      setCopied(false);
      setName("");
      await load();
    } catch (error) {
      const e = error instanceof ApiError ? error : new ApiError("Could not create the key.", 0);
      if (e.errors.name) setNameError(e.errors.name);
      else setNotice(e.message || "Could not create the key.");
    } finally {
      setCreating(false);
    }
  }

  async function onCopy() {
    if (!createdKey) return;
    try {
      await navigator.clipboard.writeText(createdKey.key);
      setCopied(true);
    } catch {
      setNotice("Copying is blocked in this browser: select the key and copy it by hand.");
    }
  }

  async function onRevoke(key: KeyView) {
    setToRevoke(null);
    setRevoking(key.id);
    setNotice(null);
    try {
      await sendJson("DELETE", `${URL_KEYS}/${encodeURIComponent(key.id)}`);
      setNotice(`Revoked "${key.name}". It stops working at once.`);
      await load();
    } catch (error) {
      setNotice((error instanceof ApiError && error.message) || "Could not revoke the key.");
    } finally {
      setRevoking(null);
    }
  }

  if (isLoading) {
    return (
      <section aria-labelledby="api-keys-heading" className="grid gap-3">
        <h2 id="api-keys-heading" className="text-xl font-semibold text-brand-navy">
          API keys
        </h2>
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading your API keys...
        </p>
      </section>
    );
  }

  if (error || !data) {
    const upgrade = error?.status === 403;
    return (
      <section aria-labelledby="api-keys-heading" className="grid gap-3" data-testid="api-keys">
        <h2 id="api-keys-heading" className="text-xl font-semibold text-brand-navy">
          API keys
        </h2>
        <div role={upgrade ? undefined : "alert"} className={upgrade ? "rounded-md border bg-slate-50 p-4 text-slate-800" : "rounded-md border border-destructive/40 bg-red-50 p-4 text-red-900"}>
          <p>{error?.message || "Could not load your API keys."}</p>
          {upgrade ? (
            <Link href="/pricing" className="mt-2 inline-block font-medium text-primary underline">
              Compare plans
            </Link>
          ) : (
            <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void load()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          )}
        </div>
      </section>
    );
  }

  const active = data.keys.filter((k) => !k.revokedAt);
  const revoked = data.keys.filter((k) => k.revokedAt);

  return (
    <section aria-labelledby="api-keys-heading" className="grid gap-4" data-testid="api-keys">
      <div className="grid gap-1">
        <h2 id="api-keys-heading" className="text-xl font-semibold text-brand-navy">
          API keys
        </h2>
        <p className="text-sm text-slate-700">
          Read your alerts and watchlist from a spreadsheet or script: <code>Authorization: Bearer &lt;key&gt;</code> on <code>/api/v1/alerts</code> and{" "}
          <code>/api/v1/watchlist</code> (add <code>?format=csv</code> for CSV). See the{" "}
          <a href="/api/v1/openapi.json" className="text-primary underline">
            API description
          </a>
          .
        </p>
      </div>

      {createdKey ? (
        <div className="grid gap-2 rounded-md border border-green-700/40 bg-green-50 p-4" role="status" data-testid="api-key-created">
          <p className="font-semibold text-green-900">Your new key &ldquo;{createdKey.name}&rdquo;. Copy it now: it is shown only this once.</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 text-sm" data-testid="api-key-value">
              {createdKey.key}
            </code>
            <Button type="button" size="sm" variant="outline" onClick={() => void onCopy()}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy key"}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setCreatedKey(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}

      <form onSubmit={onCreate} noValidate className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="api-key-name">Name of a new key</Label>
          <Input
            id="api-key-name"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            placeholder="Spreadsheet"
            aria-invalid={Boolean(nameError)}
            aria-describedby={nameError ? "api-key-name-error" : undefined}
            className="w-64"
          />
        </div>
        <SubmitButton disabled={creating}>
          {creating ? <Loader2 aria-hidden className="animate-spin" /> : <KeyRound aria-hidden />} Create key
        </SubmitButton>
        {nameError ? (
          <p id="api-key-name-error" className="w-full text-sm font-medium text-red-700">
            {nameError}
          </p>
        ) : null}
      </form>

      {notice ? (
        <p role="status" className="text-sm text-slate-800">
          {notice}
        </p>
      ) : null}

      {active.length === 0 ? (
        <p className="text-sm text-slate-700">No active keys.</p>
      ) : (
        <ul className="grid gap-2" data-testid="api-key-list">
          {active.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-white p-3">
              <div className="grid gap-0.5">
                <span className="font-medium">{k.name}</span>
                <span className="text-xs text-slate-600">
                  <code>{k.prefix}…</code> · created {fmt(k.createdAt)} · last used {fmt(k.lastUsedAt)}
                </span>
              </div>
              <Button type="button" size="sm" variant="outline" disabled={revoking === k.id} onClick={() => setToRevoke(k)}>
                {revoking === k.id ? <Loader2 aria-hidden className="animate-spin" /> : <Trash2 aria-hidden />} Revoke
                <span className="sr-only"> {k.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {revoked.length ? (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer">Revoked keys ({revoked.length})</summary>
          <ul className="mt-1 grid gap-1">
            {revoked.map((k) => (
              <li key={k.id}>
                {k.name} (<code>{k.prefix}…</code>), revoked {fmt(k.revokedAt)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => !open && setToRevoke(null)}
        title="Revoke this key?"
        description={toRevoke ? <>Anything using &ldquo;{toRevoke.name}&rdquo; ({toRevoke.prefix}…) stops working at once. This cannot be undone.</> : null}
        confirmLabel="Revoke key"
        onConfirm={() => toRevoke && void onRevoke(toRevoke)}
      />
    </section>
  );
}
