import path from "node:path";

/**
 * Imported first by a test file that renders many pages or emails on the server: React's
 * production build instead of the development build jest's NODE_ENV ("test") selects. The
 * markup is the same; the development build adds checks and warnings for developers, which made
 * the 500-watch agreement test's renders 100.5 s instead of 12.1 s (docs/performance.md "CI
 * time"). Only React is swapped: the rest of the file's code still reads NODE_ENV "test".
 */
const react = path.dirname(require.resolve("react/package.json"));
const reactDom = path.dirname(require.resolve("react-dom/package.json"));
const build = (dir: string, file: string) => path.join(dir, "cjs", `${file}.production.js`);

jest.mock("react", () => jest.requireActual(build(react, "react")));
jest.mock("react/jsx-runtime", () => jest.requireActual(build(react, "react-jsx-runtime")));
jest.mock("react/jsx-dev-runtime", () => jest.requireActual(build(react, "react-jsx-dev-runtime")));
jest.mock("react-dom", () => jest.requireActual(build(reactDom, "react-dom")));
// react-dom/server on Node: the legacy renderer's calls (renderToStaticMarkup) and the streaming one's.
jest.mock("react-dom/server", () => ({
  ...jest.requireActual(build(reactDom, "react-dom-server.node")),
  ...jest.requireActual(build(reactDom, "react-dom-server-legacy.node")),
}));

/** Whether the React modules this file loads are the production build (the file asserts it, so the swap cannot silently stop). */
export function reactIsProduction(): boolean {
  return jest.requireMock("react") === jest.requireActual(build(react, "react")) && jest.requireMock("react-dom") === jest.requireActual(build(reactDom, "react-dom"));
}
