"use client";

import * as React from "react";
import { Toast as ToastPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { chooseToastEdge, currentToastAnchor, headerBottom, type ToastEdge } from "./toast-placement";
import { dismissToast, TOAST_DURATION, useToasts, type ToastVariant } from "./use-toast";

const variantClass: Record<ToastVariant, string> = {
  default: "border bg-background text-foreground",
  success: "border-green-300 bg-green-50 text-green-950",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

/** Puts the toast column at an edge: the bottom of the window, or the top just below the header. */
function setEdge(list: HTMLOListElement, edge: ToastEdge) {
  list.dataset.edge = edge;
  list.style.top = edge === "top" ? `${headerBottom()}px` : "auto";
  list.style.bottom = edge === "top" ? "auto" : "0px";
}

/**
 * Renders the toast store. F8 focuses the notifications region; swipe right (50 px)
 * dismisses; each toast stays 5 s (docs/product-rules.md §9). Each new toast is placed so
 * it covers neither the header nor what it reports on (components/ui/toast-placement.ts).
 */
export function Toaster() {
  const toasts = useToasts();
  const list = React.useRef<HTMLOListElement>(null);
  const shown = toasts.find((t) => t.open)?.id;

  const place = React.useCallback(() => {
    const viewport = list.current;
    const current = viewport?.querySelector<HTMLElement>('[data-testid="toast"]');
    if (!viewport || !current) return;
    const anchor = currentToastAnchor();
    const edge = chooseToastEdge(anchor, (at) => {
      setEdge(viewport, at);
      return current.getBoundingClientRect();
    });
    setEdge(viewport, edge);
  }, []);

  // A new toast: place it before it is painted. The first toast reaches the viewport one
  // render later (Radix portals it in), so the size observer places that one.
  React.useLayoutEffect(() => {
    if (shown) place();
  }, [shown, place]);
  React.useEffect(() => {
    const viewport = list.current;
    if (!viewport || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => place());
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [place]);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-testid="toast"
          data-variant={t.variant ?? "default"}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            variantClass[t.variant ?? "default"],
          )}
        >
          <div className="grid gap-1">
            {t.title ? <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title> : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-95">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={list}
        hotkey={["F8"]}
        data-toast-region
        data-edge="bottom"
        className="fixed inset-x-0 bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 pb-[max(1rem,env(safe-area-inset-bottom))] md:left-auto md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
