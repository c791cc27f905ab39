import '@testing-library/jest-dom/vitest';
import { File as NodeFile } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { QUOTE_LIST_COOKIE } from '@capstan/shared';
import { removeAllToasts } from '@/hooks/use-toast';
import { loadAllRouteMessages } from '@/lib/i18n';
import { server } from './mocks/server';
import './jsdom-label-control';

// jsdom lacks a few browser APIs that Radix (toast swipe) and React Router (scroll restoration) call.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}
window.scrollTo = () => {};

// The mocked server reads uploads with Request.formData(). From Node 24.6 on, Node's fetch builds
// the files of a multipart body with whatever `File` is global at that moment, then checks they are
// its own; under jsdom the global is jsdom's, and every upload fails (vitest-dev/vitest#11300).
// While a body is read, the global is Node's File, as it is on a real server.
for (const Body of [Request, Response]) {
  const readFormData = Body.prototype.formData;
  Body.prototype.formData = async function formData(this: Request | Response) {
    const jsdomFile = globalThis.File;
    globalThis.File = NodeFile as typeof File;
    try {
      return await readFormData.call(this);
    } finally {
      globalThis.File = jsdomFile;
    }
  };
}

// Lazy chunks (routes, dialogs, toasts) are transformed on first use; on a busy CI machine that
// can take longer than Testing Library's default second: the admin routes' first import once took
// over 3 s beside the engines pass. A wait ends as soon as what it waits for shows.
configure({ asyncUtilTimeout: 10_000 });

// The catalogue's, details', comparison's and service pages' messages load with their routes in the app; screens rendered on their own
// here have them from the start (the browser tests check the routes load them).
await loadAllRouteMessages();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  // The quote list lives in a cookie (decision 074): each test starts without one.
  document.cookie = `${QUOTE_LIST_COOKIE}=; Path=/; Max-Age=0`;
  // Test files share their modules (isolate: false in vite.config.ts): what one left in a
  // module's state must not reach the next.
  vi.unstubAllGlobals();
  vi.useRealTimers();
  removeAllToasts();
  performance.clearMarks();
  performance.clearMeasures();
  // What a test added to the document outside its render (a hoisted <title>, an element of its own,
  // a dialog's marks on <body>) goes too.
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
});

afterAll(() => {
  server.close();
});
