import { readSessionHint } from './session';

/** Spec §9: page-view events go out 1000 ms after each navigation. */
export const PAGE_VIEW_DELAY_MS = 1000;

export interface PageViewEvent {
  event: 'page_view';
  route_name: string;
  url: string;
  title: string;
  user_id: string;
  company_id: string;
  user_name: string;
  email: string;
}

export function pushPageView(routeName: string): void {
  const hint = readSessionHint();
  const anonymous = hint.principal === null;
  const event: PageViewEvent = {
    event: 'page_view',
    route_name: routeName,
    url: window.location.href,
    title: document.title,
    user_id: anonymous ? '' : hint.userId,
    company_id: anonymous ? '' : hint.companyId,
    user_name: anonymous ? '' : hint.userName,
    email: anonymous ? '' : hint.email,
  };
  (window.dataLayer ??= []).push(event);
}

/** Schedules the page view of one navigation; the returned function cancels it. */
export function schedulePageView(routeName: string): () => void {
  const timer = setTimeout(() => pushPageView(routeName), PAGE_VIEW_DELAY_MS);
  return () => clearTimeout(timer);
}
