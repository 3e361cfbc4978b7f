import { z } from 'zod';
import { ANY_LOGGED_IN, PUBLIC } from '../policy.js';
import { Subjects } from '../subjects.js';
import { ZAuthInfo } from '../auth-info.js';
import { ZMaintenanceStatus } from '../maintenance.js';
import { route } from './route.js';

/** What the SPA's entry needs before any page loads: maintenance, the session's auth info, logout. */
export const SESSION_ROUTES = {
  maintenanceStatus: route({
    method: 'GET', path: '/maintenance/status', policy: PUBLIC,
    subject: Subjects.notification.maintenanceStatus, coalesce: true,
    request: z.object({}), response: ZMaintenanceStatus,
    summary: 'Whether the portal is in maintenance, with the planned window (50001 while on).',
  }),
  logout: route({
    method: 'POST', path: '/logout', policy: PUBLIC, subject: Subjects.identity.logout,
    request: z.object({}), response: z.object({}), session: 'destroy', withCredentials: true,
    summary: 'End the current session.',
  }),
  userAuth: route({
    method: 'GET', path: '/user-auth', policy: ANY_LOGGED_IN, subject: Subjects.identity.authInfo,
    request: z.object({}), response: ZAuthInfo,
    summary: 'The logged-in user, authority and counters (spec §3 auth info).',
  }),
} as const;
