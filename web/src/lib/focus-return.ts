/** The id of the element every layout wraps its page in: the skip link's target (components/SkipLink). */
export const MAIN_ID = 'main-content';

/** Where focus comes from that is not a control of the page itself: dialogs, menus, dropdowns. */
const OVERLAY = '[role="dialog"], [role="menu"], [role="listbox"], [data-portal]';

let trigger: HTMLElement | null = null;
let tracking = false;

/** Remembers the page's last focused control (not one inside a dialog or a menu): a dialog's opener. */
export function trackFocus(): void {
  if (tracking) return;
  tracking = true;
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && target.id !== MAIN_ID && !target.closest(OVERLAY)) trigger = target;
  });
}

/**
 * Issue 26 (WCAG 2.4.3): once a dialog has closed, focus is back on the control that opened it.
 * Mantine's Modal returns focus to what was focused when it opened; a dialog opened from a menu
 * item remembers the item, gone with its menu, and focus fell to the page's body. Then the
 * control focused before (the menu's button) takes it, or, when that is gone too (the deleted
 * row's), the page's content. The theme runs this when any Modal's closing transition ends.
 */
export function restoreFocus(): void {
  setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    if (trigger?.isConnected) trigger.focus();
    else document.getElementById(MAIN_ID)?.focus();
  }, 0);
}
