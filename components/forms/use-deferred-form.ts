"use client";

import * as React from "react";

/**
 * Shows a form's light placeholder first and swaps in the full form once its code has
 * loaded. The placeholder is rendered on the server and passed in as children: the
 * component wraps it in a `<div className="contents">` carrying `rootRef` and
 * `placeholderProps` (React's focus, input and submit events bubble up to it), so its
 * markup ships no JavaScript at all (docs/performance.md, "Deferred forms"). Nothing the
 * visitor does in between is lost: the typed values are read from the placeholder at the
 * moment of the swap (and read again if they type or press the button after the code
 * arrived but before the swap was drawn, or move to another field then), and a press on the
 * button is carried out by the full form when it mounts.
 */
export type Handoff<V> = { values: V; submit: boolean; focus: string | undefined };

export function useDeferredForm<C, V>(
  loader: () => Promise<C>,
  readValues: (root: HTMLElement | null) => V,
): {
  loaded: { Form: C; handoff: Handoff<V> } | null;
  load: () => void;
  rootRef: React.RefObject<HTMLDivElement | null>;
  placeholderProps: Pick<React.ComponentProps<"div">, "onFocus" | "onPointerEnter" | "onPointerDown" | "onInput" | "onSubmit">;
} {
  const rootRef = React.useRef<HTMLDivElement>(null);
  const submitRequested = React.useRef(false);
  const started = React.useRef(false);
  const moduleRef = React.useRef<C | null>(null);
  const [loaded, setLoaded] = React.useState<{ Form: C; handoff: Handoff<V> } | null>(null);
  /** The placeholder field that last took the focus. */
  const focusedName = React.useRef<string | undefined>(undefined);

  // A field focused after the swap was decided but before it was drawn loses the focus with
  // the placeholder (the browser moves it to the body), and what is typed next would go
  // nowhere: give the focus to the full form's field of the same name, before the next key.
  React.useLayoutEffect(() => {
    const name = focusedName.current;
    if (!loaded || !name) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const field = [...document.getElementsByName(name)].find((el) => el instanceof HTMLInputElement && el.isConnected);
    if (field instanceof HTMLInputElement) field.focus();
  }, [loaded]);

  /** A pointer is pressed in the placeholder: the swap waits for its release (see placeholderProps). */
  const pressing = React.useRef(false);
  const heldBack = React.useRef(false);

  const handOver = React.useCallback(() => {
    const Form = moduleRef.current;
    if (Form === null) return;
    // Swapping between a press and its release would take the pressed button away, and the
    // browser would send no click: the press would be lost (a CI run pressed "Start My Free
    // Trial" just as the code arrived, and nothing was sent). Wait for the release.
    if (pressing.current) {
      heldBack.current = true;
      return;
    }
    const root = rootRef.current;
    const active = document.activeElement;
    const focus = root && active instanceof HTMLInputElement && root.contains(active) ? active.name : undefined;
    setLoaded({ Form, handoff: { values: readValues(root), submit: submitRequested.current, focus } });
  }, [readValues]);

  const load = React.useCallback(() => {
    if (started.current) return;
    started.current = true;
    loader().then(
      (Form) => {
        moduleRef.current = Form;
        handOver();
      },
      // The code could not be fetched (a dropped connection, or a new release that replaced
      // the files): the placeholder stays and the next touch tries again. Unhandled, the
      // failed import took the whole page down ("This page couldn't load").
      () => {
        started.current = false;
      },
    );
  }, [loader, handOver]);

  const placeholderProps = {
    onFocus: (event: React.FocusEvent<HTMLDivElement>) => {
      if (event.target instanceof HTMLInputElement) focusedName.current = event.target.name || undefined;
      // Moving to another field after the code arrived but before the swap was drawn: hand
      // over again, or the full form would focus the field left behind and take what is typed
      // next there (a CI run typed an email into the name field of the e-book preview form).
      if (moduleRef.current !== null) handOver();
      else load();
    },
    onPointerEnter: load,
    onPointerDown: () => {
      pressing.current = true;
      // The release may come anywhere on the page (a press dragged away): listen on the window.
      // After it the browser sends the click (and a button's submit) first; the swap held back
      // comes after them.
      const release = () => {
        window.removeEventListener("pointerup", release, true);
        window.removeEventListener("pointercancel", release, true);
        pressing.current = false;
        if (heldBack.current) {
          heldBack.current = false;
          setTimeout(handOver, 0);
        }
      };
      window.addEventListener("pointerup", release, true);
      window.addEventListener("pointercancel", release, true);
      load();
    },
    // Typing after the code arrived but before the swap was drawn: hand over again.
    onInput: handOver,
    onSubmit: (event: React.FormEvent<HTMLDivElement>) => {
      event.preventDefault();
      submitRequested.current = true;
      if (moduleRef.current !== null) handOver();
      else load();
    },
  };
  return { loaded, load, rootRef, placeholderProps };
}

/** The value of the placeholder's input named `name` ("" when there is none). */
export function fieldValue(root: HTMLElement | null, name: string): string {
  const input = root?.querySelector(`input[name="${name}"]`);
  return input instanceof HTMLInputElement ? input.value : "";
}

/** Whether the placeholder's checkbox named `name` is ticked (false when there is none). */
export function fieldChecked(root: HTMLElement | null, name: string): boolean {
  const input = root?.querySelector(`input[name="${name}"]`);
  return input instanceof HTMLInputElement && input.checked;
}
