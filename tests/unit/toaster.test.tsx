/**
 * @jest-environment jsdom
 */
import { act, render, screen } from "@testing-library/react";
import { Toaster } from "@/components/ui/toaster";
import { toast } from "@/components/ui/use-toast";

describe("toasts", () => {
  it("shows one toast at a time: a new toast replaces the current one", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First", description: "one" });
    });
    expect(screen.getByText("First")).toBeInTheDocument();
    act(() => {
      toast({ title: "Second", description: "two", variant: "destructive" });
    });
    expect(screen.queryByText("First")).not.toBeInTheDocument();
    expect(screen.getByText("Second")).toBeInTheDocument();
    expect(screen.getAllByTestId("toast")).toHaveLength(1);
  });

  it("offers a labelled close button", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Closable" });
    });
    expect(screen.getByRole("button", { name: "Close notification" })).toBeInTheDocument();
  });
});
