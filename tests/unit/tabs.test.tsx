/**
 * @jest-environment jsdom
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

/** Three tabs, the middle one disabled when asked; the last panel kept mounted. */
function Example({ disabled = false, onChange }: { disabled?: boolean; onChange?: (v: string) => void }) {
  return (
    <Tabs defaultValue="one" onValueChange={onChange}>
      <TabsList aria-label="Sections">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two" disabled={disabled}>
          Two
        </TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
      <TabsContent value="three" forceMount className="data-[state=inactive]:hidden">
        Third panel
      </TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("Tabs (components/ui/tabs.tsx)", () => {
  it("names each panel by its tab and shows only the active panel's content", () => {
    render(<Example />);
    expect(screen.getByRole("tablist", { name: "Sections" })).toBeTruthy();
    expect(tab("One").getAttribute("aria-selected")).toBe("true");
    expect(tab("Two").getAttribute("aria-selected")).toBe("false");
    const panel = screen.getByRole("tabpanel", { name: "One" });
    expect(panel.textContent).toBe("First panel");
    expect(tab("One").getAttribute("aria-controls")).toBe(panel.id);
    // Only the active tab is in the Tab order (roving tab stop).
    expect([tab("One"), tab("Two"), tab("Three")].map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    // An inactive panel is hidden and empty, unless kept mounted.
    expect(screen.queryByText("Second panel")).toBeNull();
    expect(screen.getByText("Third panel").closest("[role=tabpanel]")?.getAttribute("data-state")).toBe("inactive");
  });

  it("arrow keys move the focus and select, wrapping; Home and End jump", () => {
    const changes: string[] = [];
    render(<Example onChange={(v) => changes.push(v)} />);
    tab("One").focus();
    fireEvent.keyDown(tab("One"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Two"));
    expect(tab("Two").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Two" }).textContent).toBe("Second panel");
    fireEvent.keyDown(tab("Two"), { key: "End" });
    expect(document.activeElement).toBe(tab("Three"));
    fireEvent.keyDown(tab("Three"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("One"));
    fireEvent.keyDown(tab("One"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(tab("Three"));
    fireEvent.keyDown(tab("Three"), { key: "Home" });
    expect(document.activeElement).toBe(tab("One"));
    expect(changes).toEqual(["two", "three", "one", "three", "one"]);
  });

  it("skips a disabled tab, which a press does not select", () => {
    render(<Example disabled />);
    tab("One").focus();
    fireEvent.keyDown(tab("One"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Three"));
    fireEvent.click(tab("Two"));
    expect(tab("Three").getAttribute("aria-selected")).toBe("true");
  });

  it("a press selects, and a controlled value follows its owner", () => {
    function Controlled() {
      const [value, setValue] = useState("one");
      return (
        <>
          <p data-testid="owner">{value}</p>
          <Tabs value={value} onValueChange={setValue}>
            <TabsList aria-label="Sections">
              <TabsTrigger value="one">One</TabsTrigger>
              <TabsTrigger value="two">Two</TabsTrigger>
            </TabsList>
            <TabsContent value="one">First panel</TabsContent>
            <TabsContent value="two">Second panel</TabsContent>
          </Tabs>
        </>
      );
    }
    render(<Controlled />);
    fireEvent.click(tab("Two"));
    expect(screen.getByTestId("owner").textContent).toBe("two");
    expect(screen.getByRole("tabpanel", { name: "Two" }).textContent).toBe("Second panel");
  });
});
