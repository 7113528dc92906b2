/**
 * Unit project setup (vitest.config.ts setupFiles): testing-library's waitFor and findBy* wait
 * 10 s instead of their 1 s default. A wait ends as soon as its condition holds, so a passing test
 * is no slower; only a slow machine (another process on the second core) no longer fails a test
 * that would have passed a moment later (issue 35: "draws a long page whole" saw 30 of 60 fields
 * at 1 s under load). The test timeout (20 s) stays above it, so a wait that never ends fails with
 * testing-library's message. Files in the node environment never load the DOM library.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
