import { afterEach, expect } from 'vitest';
import { openTestApps } from './test-app.ts';

// After every API test, on every app it left open: each member's credits are the sum of their ledger.
afterEach(async () => {
  for (const testApp of openTestApps) {
    const mismatches = await testApp.app.services.credits.ledger.findBalanceMismatches();
    expect(mismatches, 'cached balances that are not the sum of the ledger').toEqual([]);
  }
});
