// The web app's types have no Node in them; the test setup needs Node's own File (setup-tests.ts).
declare module 'node:buffer' {
  export const File: typeof globalThis.File;
}
