"use client";

/**
 * The toast store (shadcn-style). At most one toast is shown at a time: a new toast
 * replaces the current one (docs/product-rules.md §4). A dismissed toast is removed from the
 * store after TOAST_REMOVE_DELAY (docs/product-rules.md §9).
 */
import * as React from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export type ToastVariant = "default" | "destructive" | "success";

export type ToastData = {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  open: boolean;
};

type State = { toasts: ToastData[] };
type Action =
  | { type: "add"; toast: ToastData }
  | { type: "dismiss"; id?: string }
  | { type: "remove"; id?: string };

let count = 0;
const nextId = () => String(++count);
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<(s: State) => void>();
let memory: State = { toasts: [] };

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "remove", id });
    }, TOAST_REMOVE_DELAY),
  );
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "add":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "dismiss":
      for (const t of state.toasts) if (!action.id || t.id === action.id) scheduleRemoval(t.id);
      return { toasts: state.toasts.map((t) => (!action.id || t.id === action.id ? { ...t, open: false } : t)) };
    case "remove":
      return { toasts: action.id ? state.toasts.filter((t) => t.id !== action.id) : [] };
  }
}

function dispatch(action: Action) {
  memory = reducer(memory, action);
  for (const listener of listeners) listener(memory);
}

export type ToastInput = Omit<ToastData, "id" | "open">;

/** Shows a toast, replacing any toast already on screen. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = nextId();
  dispatch({ type: "add", toast: { ...input, id, open: true } });
  return { id, dismiss: () => dispatch({ type: "dismiss", id }) };
}

export function dismissToast(id?: string) {
  dispatch({ type: "dismiss", id });
}

export function useToasts(): ToastData[] {
  const [state, setState] = React.useState<State>(memory);
  React.useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state.toasts;
}
