import { API_ROUTE_LIST, API_ROUTES } from './api-routes.js';
import { INTERNAL_ROUTES } from './internal-routes.js';
import { Events, EVENTS_PREFIX, EVENTS_STREAM, SERVICES, Subjects } from './subjects.js';

/**
 * Issue 24 item 4: who may say what on NATS. Every portal process connects as its own NATS user
 * (its name); this table is the source of deploy/nats.conf's authorization block and of the
 * chart's NATS config (`npm run generate:nats`), and a unit test fails when either drifts from it,
 * or when a service's code asks, emits or consumes a subject the table does not list.
 *
 * A service serves its own subjects (`<service>.>`) and emits its own events (`events.<service>.>`);
 * beyond that it may only ask what `asks` lists, emit what `emits` lists, and read the durable
 * consumers of what `consumes` lists. The gateway serves nothing: it asks the /v1 routes' subjects,
 * the internal ones it uses and the health checks, and publishes product usage events.
 */
export const NATS_USERS = ['gateway', ...SERVICES] as const;
export type TNatsUser = (typeof NATS_USERS)[number];

export interface NatsAccess {
  /** Request-reply subjects this user publishes requests to. */
  asks: readonly string[];
  /** JetStream event subjects this user publishes besides its own `events.<service>.>`. */
  emits: readonly string[];
  /** Event subjects this user has durable consumers for (JetStream pull). */
  consumes: readonly string[];
}

const mail = Events.notification.mailRequested;
const operation = Events.usageLog.operationRecorded;
const usageEvents = Events.usage.eventsBatch;

export const NATS_ACCESS: Record<TNatsUser, NatsAccess> = {
  gateway: {
    asks: [
      ...new Set([
        ...API_ROUTE_LIST.map((r) => r.subject),
        INTERNAL_ROUTES.sessionResolve.subject, INTERNAL_ROUTES.ingestKeys.subject, INTERNAL_ROUTES.embedFormOrigins.subject,
        ...SERVICES.map((s) => Subjects.health(s)),
      ]),
    ].sort(),
    emits: [usageEvents],
    consumes: [],
  },
  identity: {
    asks: [INTERNAL_ROUTES.lawUrl.subject, INTERNAL_ROUTES.tokenScript.subject, INTERNAL_ROUTES.noticeBadge.subject, INTERNAL_ROUTES.licenceCheck.subject, API_ROUTES.clientProducts.subject],
    emits: [mail, operation],
    consumes: [Events.identity.directoryChanged, Events.licence.clientChanged, Events.licence.clientUpdated, Events.licence.partnerChanged, Events.licence.serviceStarted],
  },
  licence: {
    asks: [
      API_ROUTES.userAuth.subject, INTERNAL_ROUTES.accountNames.subject, INTERNAL_ROUTES.clientBillingSummary.subject, INTERNAL_ROUTES.emailOwner.subject,
      INTERNAL_ROUTES.identityClientCreate.subject, INTERNAL_ROUTES.invoiceQuote.subject, INTERNAL_ROUTES.partnerDirectory.subject,
      INTERNAL_ROUTES.paymentStanding.subject, INTERNAL_ROUTES.proxyEligibility.subject, INTERNAL_ROUTES.meteredUsage.subject,
      INTERNAL_ROUTES.tenantSearch.subject, INTERNAL_ROUTES.invoiceClient.subject, INTERNAL_ROUTES.clientOwners.subject,
    ],
    emits: [mail, operation],
    consumes: [Events.identity.agreementGiven, Events.identity.clientRegistered],
  },
  billing: {
    asks: [INTERNAL_ROUTES.clientNames.subject, INTERNAL_ROUTES.contractsBillable.subject, INTERNAL_ROUTES.invoiceParty.subject, INTERNAL_ROUTES.clientOwners.subject],
    emits: [mail, operation],
    consumes: [],
  },
  notification: {
    asks: [INTERNAL_ROUTES.accountNames.subject, INTERNAL_ROUTES.clientStanding.subject],
    // Issue 25: the back-office writes it records (notices, mail templates, inquiries, maintenance).
    emits: [Events.usageLog.operationRecorded],
    consumes: [Events.licence.partnerChanged, Events.notification.mailRequested],
  },
  'usage-log': {
    asks: [API_ROUTES.clientList.subject, INTERNAL_ROUTES.accountNames.subject, INTERNAL_ROUTES.productAccess.subject,
      // Issue 25: the audit log names its clients (operators) and asks a partner's scope.
      INTERNAL_ROUTES.clientNames.subject, INTERNAL_ROUTES.partnerAuditScope.subject],
    // The demo year of usage (npm start) goes through the same subject as the gateway's ingestion.
    emits: [mail, usageEvents],
    consumes: [Events.identity.supportSessionEnded, usageEvents, Events.usageLog.operationRecorded],
  },
};

/** A durable consumer's name: `<service>-<event subject>` with every other character as `_` (service-host.ts uses it). */
export function consumerName(service: string, subject: string): string {
  return `${service}-${subject}`.replace(/[^\w-]/g, '_');
}

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/** The reply inbox prefix of a user: replies and liveness probes only it may read. */
export const inboxPrefix = (user: string): string => `_INBOX_${user.replace(/[^\w-]/g, '_')}`;

/**
 * The NATS permissions of one user for a namespace (NATS_NAMESPACE: '' in production; subjects
 * and the stream's name carry it). Everyone may publish to every user's inbox (replies, progress,
 * liveness probes: the caller's inbox is named in the request) but read only its own.
 */
export function natsPermissions(user: TNatsUser, namespace = ''): NatsPermissions {
  const ns = (s: string) => (namespace ? `${namespace}.${s}` : s);
  const stream = namespace ? `${EVENTS_STREAM}_${namespace}` : EVENTS_STREAM;
  const access = NATS_ACCESS[user];
  const service = user === 'gateway' ? undefined : user;
  const durables = [...new Set(access.consumes.map((s) => consumerName(user, s)))].sort();
  const publish = [
    ...access.asks.map(ns),
    ...(service ? [ns(`${EVENTS_PREFIX}.${service}.>`)] : []),
    ...access.emits.map(ns),
    ...durables.map((d) => ns(`${EVENTS_PREFIX}.dead-letter.${d}`)),
    ...NATS_USERS.map((u) => `${inboxPrefix(u)}.>`),
    // JetStream: the API's account info, the event stream (every process creates or updates it
    // on start), its own durable consumers (create, update, info, pull) and their acks.
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.CREATE.${stream}`, `$JS.API.STREAM.UPDATE.${stream}`,
    ...durables.flatMap((d) => [
      `$JS.API.CONSUMER.CREATE.${stream}.${d}`, `$JS.API.CONSUMER.CREATE.${stream}.${d}.>`, `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${d}`,
      `$JS.API.CONSUMER.INFO.${stream}.${d}`, `$JS.API.CONSUMER.MSG.NEXT.${stream}.${d}`, `$JS.ACK.${stream}.${d}.>`,
    ]),
  ];
  const subscribe = [...(service ? [ns(`${service}.>`)] : []), `${inboxPrefix(user)}.>`];
  return { publish: [...new Set(publish)], subscribe };
}
