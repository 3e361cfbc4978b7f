import { lazy } from 'react';

/** Issue 14, slice C: the partner's client registration wizard and the embed code screen (lazy chunks). */
export const ClientRegistrationPage = lazy(() => import('./pages/ClientRegistrationPage'));
export const EmbedCodePage = lazy(() => import('./pages/EmbedCodePage'));
