import { ZInquiryCreate, type TInquiryCreate } from '@portal/proto';

/**
 * The inquiry between its two steps (/user_inquiry → /user_inquiryconfirm): kept in
 * sessionStorage, so that a reload of the confirm page or going back to edit keeps what was typed.
 */
const KEY = 'inquiry_draft';

export function readInquiryDraft(): TInquiryCreate | null {
  try {
    const parsed = ZInquiryCreate.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeInquiryDraft(draft: TInquiryCreate | null): void {
  try {
    if (draft) sessionStorage.setItem(KEY, JSON.stringify(draft));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the flow still works within the page.
  }
}
