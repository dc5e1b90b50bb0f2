import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";

// Faults honest handles are logged with console.error; a test of something that is not a fault (a client that
// is slow, silent or gone) checks nothing was.

/**
 * Silences console.error for each test of the calling file or block, and after each, once `settle()` has run
 * (closing the server, so that what closing logs counts too), expects nothing was logged.
 */
export function expectNoErrorsLogged(settle: () => Promise<void>): void {
  let errors: MockInstance;
  beforeEach(() => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(async () => {
    await settle();
    expect(errors.mock.calls).toEqual([]);
    vi.restoreAllMocks();
  });
}
