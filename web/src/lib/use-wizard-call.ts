import { useState } from 'react';
import type { useFormErrors } from './forms';

/**
 * A wizard's server call (a step's check or the confirm): the form's errors cleared first, busy
 * while it runs, a refusal shown in the form (or handed to `onError`). Resolves true when it succeeded.
 */
export function useWizardCall(form: Pick<ReturnType<typeof useFormErrors>, 'reset' | 'fromError'>) {
  const [busy, setBusy] = useState(false);
  async function call(run: () => Promise<unknown>, onError: (error: unknown) => void = (e) => { form.fromError(e); }): Promise<boolean> {
    form.reset();
    setBusy(true);
    try {
      await run();
      return true;
    } catch (error) {
      onError(error);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, call };
}
