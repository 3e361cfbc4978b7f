import { lazy } from 'react';

/** Issue 12, slice B: the inquiry flow (client), the inboxes (operator, partner), the partner's receivers (lazy pages). */
export const InquiryPage = lazy(() => import('./pages/InquiryPage'));
export const InquiryConfirmPage = lazy(() => import('./pages/InquiryConfirmPage'));
export const InquiryCompletedPage = lazy(() => import('./pages/InquiryCompletedPage'));
export const InquiryInboxPage = lazy(() => import('./pages/InquiryInboxPage'));
export const InquiryReceiversPage = lazy(() => import('./pages/InquiryReceiversPage'));
