import { useCallback, useSyncExternalStore } from 'react';
import type { TContractInfoChecked, TCorporateCandidate, TContractKind } from '@portal/proto';

/**
 * The application in progress across the flow's pages (spec §3 Session "plan id and name, option
 * flags, checked options, plan payment and contract data"): kept in sessionStorage so that a reload
 * or the Back button keeps it, and cleared when the application is sent.
 */
export interface PlanDraft {
  product: string;
  plan_id: string;
  option_ids: string[];
  contract: {
    contract_kind: TContractKind;
    corporate_name: string;
    representative: string;
    search_id: string | null;
    /** The candidate chosen from the search: name, number and location are fixed to it. */
    chosen: TCorporateCandidate | null;
  };
  /** Set once the contract-info step was checked by the server. */
  checked: TContractInfoChecked | null;
  /**
   * Issue 22, the payment step: `skipped` when nothing had to be done there (a usable method and
   * billing info on file, a reseller billing the client, or a free plan), `in_progress` while the
   * visitor registers what is missing (a card's 3-D Secure challenge leaves the portal and comes
   * back: the draft, in sessionStorage, survives it), `done` once it was completed there.
   */
  payment_step: 'skipped' | 'in_progress' | 'done' | null;
}

const KEY = 'plan.draft';
export const EMPTY_DRAFT: PlanDraft = {
  product: '', plan_id: '', option_ids: [],
  contract: { contract_kind: 'corporation', corporate_name: '', representative: '', search_id: null, chosen: null },
  checked: null,
  payment_step: null,
};

const listeners = new Set<() => void>();
let cache: { raw: string | null; value: PlanDraft } = { raw: null, value: EMPTY_DRAFT };

function read(): PlanDraft {
  const raw = sessionStorage.getItem(KEY);
  if (raw === cache.raw) return cache.value;
  let value = EMPTY_DRAFT;
  try {
    if (raw) value = { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<PlanDraft>) };
  } catch {
    value = EMPTY_DRAFT;
  }
  cache = { raw, value };
  return value;
}

export function writeDraft(next: PlanDraft | null): void {
  if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
  else sessionStorage.removeItem(KEY);
  for (const l of listeners) l();
}

/** The draft and a way to change it (a patch, or null to clear it). */
export function usePlanDraft(): [PlanDraft, (patch: Partial<PlanDraft> | null) => void] {
  const draft = useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, read, read);
  const update = useCallback((patch: Partial<PlanDraft> | null) => writeDraft(patch ? { ...read(), ...patch } : null), []);
  return [draft, update];
}
