import { useSyncExternalStore } from 'react';
import type { TProductId } from '@portal/proto';

/** The product a page works on (spec §3 session: product id, name and mark). */
export interface CurrentProduct {
  id: TProductId;
  name: string;
  /** The product's mark (logo) URL. */
  mark?: string;
}

let current: CurrentProduct | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function setCurrentProduct(product: CurrentProduct): void {
  current = product;
  emit();
}

/** Spec §2: leaving a route clears the current product info (the router calls this). */
export function clearCurrentProduct(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function getCurrentProduct(): CurrentProduct | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current product, re-rendering when it changes. */
export function useCurrentProduct(): CurrentProduct | null {
  return useSyncExternalStore(subscribe, getCurrentProduct, getCurrentProduct);
}
