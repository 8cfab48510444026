/** The SVG's accessible name and description: the figure's title and its summary sentence (./chart-figure.tsx). */
export function chartLabelProps(id: string) {
  return { role: "img" as const, "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-summary` };
}
