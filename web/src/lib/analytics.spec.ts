import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_VIEW_DELAY_MS, schedulePageView } from './analytics';

beforeEach(() => {
  vi.useFakeTimers();
  window.dataLayer = [];
  document.title = 'Services | License Portal';
});
afterEach(() => vi.useRealTimers());

describe('page-view analytics (spec §2, §9)', () => {
  it('pushes 1000 ms after navigation with blanks for an anonymous visitor', () => {
    schedulePageView('login');
    vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS - 1);
    expect(window.dataLayer).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(window.dataLayer).toEqual([{
      event: 'page_view', route_name: 'login', url: window.location.href, title: 'Services | License Portal',
      user_id: '', company_id: '', user_name: '', email: '',
    }]);
  });

  it('carries the ids, name and email of the viewer (from /v1/user-auth) when logged in', () => {
    schedulePageView('product', () => ({ userId: 'u1', companyId: 'c1', userName: '山田 太郎', email: 'owner@example.com' }));
    vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS);
    expect(window.dataLayer?.[0]).toMatchObject({
      route_name: 'product', user_id: 'u1', company_id: 'c1', user_name: '山田 太郎', email: 'owner@example.com',
    });
  });

  it('drops the event of a page left within the delay (a redirect is not a page view)', () => {
    const cancel = schedulePageView('root');
    cancel();
    vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS);
    expect(window.dataLayer).toHaveLength(0);
  });
});
