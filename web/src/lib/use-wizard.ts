import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Issue 14 (docs/design/backoffice.md "Wizards"): a multi-step form whose steps live in the SPA.
 * What was entered and the current step are kept in sessionStorage under `wizard.<name>`, so a
 * reload (or the Back button) keeps them; an idempotency key is generated when the wizard opens
 * and stays until it is finished or abandoned, so confirming twice (a double click, a retry after a
 * lost answer) sends the same key and the server creates one record. Two tabs share the browser
 * session's storage only when one was duplicated from the other; each has its own key otherwise,
 * and the server's uniqueness (e.g. of the email) keeps them from creating two.
 *
 *   const wizard = useWizard('client_create', ['licence', 'client', 'products', 'confirm'] as const, EMPTY);
 *   wizard.update({ company_name: 'x' }); await check(...); wizard.next();
 *   // on confirm: create({ ...wizard.data, idempotency_key: wizard.idempotencyKey }) then wizard.finish()
 */
export interface WizardState<Step extends string, Data> {
  step: Step;
  data: Data;
  idempotencyKey: string;
}

export interface Wizard<Step extends string, Data> extends WizardState<Step, Data> {
  steps: readonly Step[];
  /** 0-based position of the current step. */
  index: number;
  isFirst: boolean;
  isLast: boolean;
  /** Merge a patch into what was entered (kept across reloads). */
  update: (patch: Partial<Data>) => void;
  next: () => void;
  back: () => void;
  goTo: (step: Step) => void;
  /** Forget everything (after the confirm succeeded, or on cancel): the next opening starts afresh with a new key. */
  finish: () => void;
}

const PREFIX = 'wizard.';
const listeners = new Set<() => void>();
/** Parsed values by storage key, so useSyncExternalStore sees a stable snapshot while the text is unchanged. */
const cache = new Map<string, { raw: string | null; value: unknown }>();

/** A v4 UUID: `crypto.randomUUID` exists only in secure contexts (https, localhost); `getRandomValues` everywhere. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function write(name: string, state: WizardState<string, unknown> | null): void {
  const s = storage();
  try {
    if (state) s?.setItem(PREFIX + name, JSON.stringify(state));
    else s?.removeItem(PREFIX + name);
  } catch {
    // Storage full or refused: the wizard still works, only a reload forgets it.
  }
  if (!s) cache.set(PREFIX + name, { raw: state ? JSON.stringify(state) : null, value: state });
  for (const l of listeners) l();
}

function read<Step extends string, Data>(name: string, steps: readonly Step[], initial: Data): WizardState<Step, Data> {
  const s = storage();
  const key = PREFIX + name;
  const raw = s ? s.getItem(key) : (cache.get(key)?.raw ?? null);
  const hit = cache.get(key);
  if (hit && hit.raw === raw && hit.value) return hit.value as WizardState<Step, Data>;
  let value: WizardState<Step, Data> | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<WizardState<Step, Data>>) : null;
    if (parsed && typeof parsed.idempotencyKey === 'string' && steps.includes(parsed.step as Step) && parsed.data && typeof parsed.data === 'object') {
      value = { step: parsed.step as Step, idempotencyKey: parsed.idempotencyKey, data: { ...initial, ...parsed.data } };
    }
  } catch {
    value = null;
  }
  if (!value) {
    // The wizard opens: a fresh state with its own idempotency key, stored at once so that a
    // re-render (or a reload before anything was typed) keeps the same key.
    value = { step: steps[0] as Step, data: initial, idempotencyKey: newKey() };
    const text = JSON.stringify(value);
    try {
      s?.setItem(key, text);
    } catch {
      // see write()
    }
    cache.set(key, { raw: s ? text : text, value });
    return value;
  }
  cache.set(key, { raw, value });
  return value;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** `initial` and `steps` should be module constants (their identity is not watched). */
export function useWizard<const Step extends string, Data extends object>(name: string, steps: readonly Step[], initial: Data): Wizard<Step, Data> {
  const snapshot = useCallback(() => read(name, steps, initial), [name, steps, initial]);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const index = Math.max(0, steps.indexOf(state.step));

  const set = useCallback((patch: Partial<WizardState<Step, Data>>) => {
    const current = read(name, steps, initial);
    write(name, { ...current, ...patch });
  }, [name, steps, initial]);

  return useMemo(() => ({
    ...state,
    steps,
    index,
    isFirst: index === 0,
    isLast: index === steps.length - 1,
    update: (patch: Partial<Data>) => set({ data: { ...read(name, steps, initial).data, ...patch } }),
    next: () => set({ step: steps[Math.min(steps.length - 1, index + 1)] as Step }),
    back: () => set({ step: steps[Math.max(0, index - 1)] as Step }),
    goTo: (step: Step) => set({ step }),
    finish: () => {
      cache.delete(PREFIX + name);
      write(name, null);
    },
  }), [state, steps, index, set, name, initial]);
}
