"use client";

import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * Tabs (shadcn-style API, WAI-ARIA tabs pattern): one tab active at a time; arrow keys move
 * between tabs and select them, Home/End jump to the first/last, each panel is labelled by
 * its tab and only the active panel's content is rendered.
 *
 * Our own rather than Radix Tabs: Radix wraps every panel in Presence, whose ref reads the
 * panel's computed animation name when it mounts, forcing a style pass of the page in the
 * middle of React's commit. On /alerts the dashboard's panels mount after the page's first
 * paint, and that forced pass was 18.7 ms of the 42 ms commit at 4x CPU; the page also loads
 * 7 kB less script (docs/performance.md "The dashboard's tabs without Presence").
 */

type TabsContextValue = {
  baseId: string;
  value: string;
  select: (value: string) => void;
};

const TabsContext = React.createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = React.useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

const idFor = (baseId: string, kind: "trigger" | "content", value: string) => `${baseId}-${kind}-${value.replace(/\s+/g, "-")}`;

export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<"div">, "defaultValue"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const baseId = React.useId();
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue ?? "");
  const value = controlled ?? uncontrolled;
  const context: TabsContextValue = {
    baseId,
    value,
    select: (next) => {
      if (next === value) return;
      if (controlled === undefined) setUncontrolled(next);
      onValueChange?.(next);
    },
  };
  return (
    <TabsContext.Provider value={context}>
      <div data-slot="tabs" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys (wrapping), Home and End move the focus among the enabled tabs; focus selects (automatic activation). */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'));
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (current === -1 || tabs.length === 0) return;
  event.preventDefault();
  const next =
    event.key === "Home" ? 0 : event.key === "End" ? tabs.length - 1 : (current + (event.key === "ArrowRight" ? 1 : -1) + tabs.length) % tabs.length;
  tabs[next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn("inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-slate-700", className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onFocus,
  onClick,
  ...props
}: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(tabs.baseId, "trigger", value)}
      aria-selected={selected}
      aria-controls={idFor(tabs.baseId, "content", value)}
      data-state={selected ? "active" : "inactive"}
      data-slot="tabs-trigger"
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      className={cn(
        "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-colors hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-background data-[state=active]:text-slate-950 data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0",
        className,
      )}
      // Focus selects (automatic activation: arrow keys, Tab, a press); a click also covers an
      // assistive technology's activation, which need not move focus. A disabled button gets neither.
      onClick={(event) => {
        onClick?.(event);
        tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        tabs.select(value);
      }}
      {...props}
    />
  );
}

/**
 * A tab's panel. `forceMount` keeps an inactive panel's content mounted (and leaves hiding it
 * to the caller's `data-[state=inactive]:` class), for content that must keep its state.
 */
export function TabsContent({
  value,
  forceMount = false,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "value"> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs("TabsContent");
  const selected = tabs.value === value;
  const present = selected || forceMount;
  return (
    <div
      role="tabpanel"
      id={idFor(tabs.baseId, "content", value)}
      aria-labelledby={idFor(tabs.baseId, "trigger", value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      data-slot="tabs-content"
      hidden={!present}
      tabIndex={0}
      className={cn("mt-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring", className)}
      {...props}
    >
      {present ? children : null}
    </div>
  );
}
