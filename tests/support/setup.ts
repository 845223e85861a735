// Inversify reads decorator metadata through reflect-metadata; load it once for every test file.
import 'reflect-metadata';
import { afterEach, beforeAll } from 'vitest';

// The ui project's files share one jsdom per worker (`isolate: false` in vitest.config.ts), so
// each file starts from what a fresh environment would give it: no screen still mounted, empty
// storage, no cookies, the document's first address and title.
const FIRST_ADDRESS = Symbol.for('lavabo.tests.firstAddress');
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  // Taken by the worker's first file: this file runs again before each file of the worker.
  const firstAddress = ((globalThis as { [FIRST_ADDRESS]?: string })[FIRST_ADDRESS] ??=
    window.location.href);
  afterEach(cleanup);
  beforeAll(() => {
    cleanup();
    document.body.innerHTML = '';
    document.title = '';
    window.localStorage.clear();
    window.sessionStorage.clear();
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
    window.history.replaceState(null, '', firstAddress);
  });
}
