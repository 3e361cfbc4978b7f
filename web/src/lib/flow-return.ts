/**
 * Issue 22: a page that sends the visitor through another feature's pages and wants them back, with
 * its own state intact: the plan application's payment step registers a card (whose 3-D Secure
 * challenge leaves the portal for the card issuer's page) or requests a bank transfer. The target
 * is kept in the tab's sessionStorage, so it survives the issuer's redirect; the pages at the end of
 * those flows (the card's return page, the request's complete step) offer or take the way back.
 */
const KEY = 'flow.return';

export interface FlowReturn {
  /** An in-app path (`/plan/paymentinfo`). */
  path: string;
  /** The catalogue key of the way back's label ("Back to the plan application"). */
  label: string;
}

/** Only a path of this app: never another origin (`//host`, `https:`), so the marker cannot redirect elsewhere. */
const inApp = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

export function setFlowReturn(target: FlowReturn): void {
  if (inApp(target.path)) sessionStorage.setItem(KEY, JSON.stringify(target));
}

export function flowReturn(): FlowReturn | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<FlowReturn> | null;
    return value && typeof value.path === 'string' && typeof value.label === 'string' && inApp(value.path) ? { path: value.path, label: value.label } : null;
  } catch {
    return null;
  }
}

export function clearFlowReturn(): void {
  sessionStorage.removeItem(KEY);
}
