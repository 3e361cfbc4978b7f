import { PARTNER_OR_OPERATOR, USAGE_DASHBOARD } from '../policy.js';
import { USAGE_SUBJECTS, ZClientActivityList, ZClientActivityQuery, ZUsageDashboard, ZUsageDashboardQuery, type TDashboardProduct } from '../usage.js';
import { route, type ApiRoute } from './route.js';

/** One product's dashboard route (spec §7 lists POST /logs/{product} per product); the product is the route's, not the body's. */
const dashboardRoute = <P extends TDashboardProduct>({ product, path }: { product: P; path: `/logs/${P}` }) => route({
  method: 'POST', path, policy: USAGE_DASHBOARD, subject: USAGE_SUBJECTS.dashboard(product),
  request: ZUsageDashboardQuery, response: ZUsageDashboard,
  summary: 'The product\'s usage dashboard for the caller\'s client over a range of at most one year (day, week or month buckets in the client\'s zone): the product\'s charts, distinct users, the top-10 page views where it has them, the freshness of the data and the spec §8 messages. An account without authority for the product gets 404.',
});

/** The name of a product's dashboard route in USAGE_ROUTES. */
export const dashboardRouteName = <P extends TDashboardProduct>(product: P) => `logs_${product}` as const;

/** Issue 13, slice B: the usage dashboards (one route per product, spec §7) and the client activity log. */
export const USAGE_ROUTES = {
  logs_bownow: dashboardRoute({ product: 'bownow', path: '/logs/bownow' }),
  logs_fullstar: dashboardRoute({ product: 'fullstar', path: '/logs/fullstar' }),
  logs_cocoar: dashboardRoute({ product: 'cocoar', path: '/logs/cocoar' }),
  logs_lessar: dashboardRoute({ product: 'lessar', path: '/logs/lessar' }),
  logs_actibook: dashboardRoute({ product: 'actibook', path: '/logs/actibook' }),
  logs_aichat: dashboardRoute({ product: 'aichat', path: '/logs/aichat' }),
  logs_izanai: dashboardRoute({ product: 'izanai', path: '/logs/izanai' }),
  logs_bluemonkey: dashboardRoute({ product: 'bluemonkey', path: '/logs/bluemonkey' }),
  logs_plusdb: dashboardRoute({ product: 'plusdb', path: '/logs/plusdb' }),
  logs_appgoose: dashboardRoute({ product: 'appgoose', path: '/logs/appgoose' }),
  logs_creca: dashboardRoute({ product: 'creca', path: '/logs/creca' }),
  logs_cmp: dashboardRoute({ product: 'cmp', path: '/logs/cmp' }),
  logs_lpbuilder: dashboardRoute({ product: 'lpbuilder', path: '/logs/lpbuilder' }),
  clientActivityList: route({
    method: 'GET', path: '/client_activity_log/usage', policy: PARTNER_OR_OPERATOR, subject: USAGE_SUBJECTS.clientActivity,
    request: ZClientActivityQuery, response: ZClientActivityList,
    summary: 'The usage status screens (GET /client_activity_log/list is the client\'s operation log). Operator: every client; partner: its own clients only. Per client and product, the last use and the counts over a range of at most one year; paged, searchable by company name.',
  }),
} as const;

export const USAGE_ROUTE_LIST: readonly ApiRoute[] = Object.values(USAGE_ROUTES);
