// Inversify reads decorator metadata through reflect-metadata; load it once for every test file.
import 'reflect-metadata';
import { afterEach, beforeAll } from 'vitest';

// The ui project's files share one jsdom per worker (`isolate: false` in vitest.config.ts), so
// each file starts from what a fresh environment would give it: no screen still mounted, empty
// storage, no title, and jsdom's first address (its origin's root; the origin never changes).
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy… and waitFor give up after 5 s rather than testing-library's 1 s: on a loaded CI
  // machine a second is not always enough for a screen to settle. A passing wait is as quick.
  configure({ asyncUtilTimeout: 5000 });
  afterEach(cleanup);
  beforeAll(() => {
    cleanup();
    document.body.innerHTML = '';
    document.title = '';
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });
}
