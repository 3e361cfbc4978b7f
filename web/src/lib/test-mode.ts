import { useSyncExternalStore } from 'react';

/**
 * Issue 24: whether this install runs on sandboxes on purpose (a staging install, ALLOW_SANDBOX=true),
 * as the maintenance status read on load says (`test_mode`). Every page then shows a banner.
 */
let testMode = false;
const listeners = new Set<() => void>();

export function setTestMode(on: boolean): void {
  if (on === testMode) return;
  testMode = on;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTestMode(): boolean {
  return useSyncExternalStore(subscribe, () => testMode, () => false);
}
