import { measurePage } from "@/lib/admin/measure-page";

const measures = Array.from({ length: 23 }, (_, i) => ({ id: `m${i + 1}` }));
const ids = (p: ReturnType<typeof measurePage<{ id: string }>>) => p?.items.map((m) => m.id);

describe("the measures /admin/tariffs shows", () => {
  it("shows ten at a time, in order, and says which of how many", () => {
    const first = measurePage(measures, {});
    expect(ids(first)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10"]);
    expect(first).toMatchObject({ page: 1, pages: 3, total: 23, from: 1, to: 10 });
    expect(measurePage(measures, { page: "3" })).toMatchObject({ page: 3, from: 21, to: 23, items: [{ id: "m21" }, { id: "m22" }, { id: "m23" }] });
  });

  it("opens the page holding a named measure, as after adding one", () => {
    expect(measurePage(measures, { measure: "m15" })).toMatchObject({ page: 2, from: 11, to: 20 });
    expect(measurePage(measures, { measure: "m15", page: "1" })?.page).toBe(2);
    expect(measurePage(measures, { measure: "no-such" })?.page).toBe(1);
  });

  it("shows the last page for a page past the end, and refuses a page that is not a whole number from 1", () => {
    expect(measurePage(measures, { page: "9" })).toMatchObject({ page: 3, from: 21 });
    for (const bad of ["0", "-1", "1.5", "two", "", "01", "1e3"]) expect(measurePage(measures, { page: bad })).toBeNull();
  });

  it("has one empty page when there are no measures", () => {
    expect(measurePage([], {})).toMatchObject({ items: [], page: 1, pages: 1, total: 0, from: 0, to: 0 });
  });
});
