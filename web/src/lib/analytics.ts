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

/** Who is viewing, from GET /v1/user-auth (lib/use-session.ts); null for an anonymous visitor. */
export interface PageViewer {
  userId: string;
  companyId: string;
  userName: string;
  email: string;
}

export function pushPageView(routeName: string, viewer: PageViewer | null): void {
  const event: PageViewEvent = {
    event: 'page_view',
    route_name: routeName,
    url: window.location.href,
    title: document.title,
    user_id: viewer?.userId ?? '',
    company_id: viewer?.companyId ?? '',
    user_name: viewer?.userName ?? '',
    email: viewer?.email ?? '',
  };
  (window.dataLayer ??= []).push(event);
}

/** Schedules the page view of one navigation (`viewer` is asked when it goes out); the returned function cancels it. */
export function schedulePageView(routeName: string, viewer: () => PageViewer | null = () => null): () => void {
  const timer = setTimeout(() => pushPageView(routeName, viewer()), PAGE_VIEW_DELAY_MS);
  return () => clearTimeout(timer);
}
