// The web app's types have no Node in them; the test setup reaches into jsdom with Node's require
// (jsdom-label-control.ts).
declare module 'node:module' {
  export function createRequire(path: string | URL): (id: string) => unknown;
}
