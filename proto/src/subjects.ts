/**
 * NATS subjects. Commands and queries are `<service>.<entity>.<verb>` over core request-reply;
 * durable events are `events.<service>.<entity>.<past-tense>` on JetStream (stream EVENTS_STREAM).
 * Never write a subject literal at a call site (STYLE.md rule 4).
 */
export const SERVICES = ['identity', 'licence', 'billing', 'notification', 'usage-log'] as const;
export type TServiceName = (typeof SERVICES)[number];

export const Subjects = {
  health: (service: TServiceName) => `${service}.health.check` as const,
  identity: {
    temporaryRegister: 'identity.signup.temporary-register',
    /** Issue 14, slice C. Internal: which tenant an email's account belongs to (migration's other-company check). */
    emailOwner: 'identity.account.email-owner',
    /** Issue 14, slice C. Internal: the partners of a region by name. */
    partnerDirectory: 'identity.partner.directory',
    /** Issue 14, slice A. Internal: licence's create-client command asks identity for the tenant and its invited owner. */
    clientCreate: 'identity.client.create',
    /** Issue 25 point 2. Internal: a client's active owners (billing mails them when its payment method changes). */
    clientOwners: 'identity.client.owners',
    signupCheck: 'identity.signup.check',
    signupRegister: 'identity.signup.register',
    login: 'identity.auth.login',
    logout: 'identity.auth.logout',
    authInfo: 'identity.auth.info',
    sessionResolve: 'identity.session.resolve',
    sessionList: 'identity.session.list',
    sessionEnd: 'identity.session.end',
    supportSessionList: 'identity.support-session.list',
    supportSessionEnd: 'identity.support-session.end',
    passwordResetRequest: 'identity.password-reset.request',
    passwordResetCheck: 'identity.password-reset.check',
    passwordResetConfirm: 'identity.password-reset.confirm',
    inviteCheck: 'identity.invite.check',
    inviteAccept: 'identity.invite.accept',
    settingsGet: 'identity.settings.get',
    settingsIp: 'identity.settings.ip',
    settingsMfa: 'identity.settings.mfa',
    settingsProxy: 'identity.settings.proxy',
    proxyIssue: 'identity.proxy-login.issue',
    partnerProxyIssue: 'identity.proxy-login.issue-partner',
    proxyLogin: 'identity.proxy-login.login',
    /** Internal: whether the principal could support-login into each of a page of clients (no /v1 route). */
    proxyEligibility: 'identity.proxy-login.eligibility',
    /** Issue 25: internal: the clients or partners whose accounts match a search (email, person name). */
    tenantSearch: 'identity.tenant.search',
    ssoIssue: 'identity.sso.issue',
    ssoProxyIssue: 'identity.sso.proxy-issue',
    ssoFreeProxyIssue: 'identity.sso.free-proxy-issue',
    ssoConsume: 'identity.sso.consume',
    jwks: 'identity.sso.jwks',
    userList: 'identity.account.list',
    userInvite: 'identity.account.invite',
    userInviteCsv: 'identity.account.invite-csv',
    profileGet: 'identity.profile.get',
    profileUpdate: 'identity.profile.update',
    profileSendCode: 'identity.profile.send-code',
    userStatus: 'identity.account.set-status',
    userDelete: 'identity.account.delete',
    userReinvite: 'identity.account.reinvite',
    userGet: 'identity.account.get',
    userUpdate: 'identity.account.update',
    mailUpdateConfirm: 'identity.account.mail-update-confirm',
    /** Internal: names and emails of the caller's company's accounts (no /v1 route). */
    accountNames: 'identity.account.names',
    /** f9-ident: a login verified in another region's shard continues on its host (issue 9 item 9). */
    loginHandoff: 'identity.auth.login-handoff',
    // Issue 25, point 5: a client's accounts on its back-office info page, and what an operator does to them.
    boClientAccounts: 'identity.bo-client.accounts',
    partnerClientAccounts: 'identity.partner-client.accounts',
    boClientAccountReinvite: 'identity.bo-client.account-reinvite',
    boClientAccountUnlock: 'identity.bo-client.account-unlock',
    boClientAccountMfaReset: 'identity.bo-client.account-mfa-reset',
    /** Internal: a client's active owners (a change on its behalf is mailed to them). */
  },
  billing: {
    billingInfoGet: 'billing.billing-info.get',
    // Issue 11, slice C2: invoices, their PDF, the monthly billing runs.
    invoiceList: 'billing.invoice.list',
    invoicePdf: 'billing.invoice.pdf',
    /** Issue 23: pay an unpaid invoice now (the card on file charged again). */
    invoicePayNow: 'billing.invoice.pay-now',
    receiptPdf: 'billing.invoice.receipt_pdf',
    invoiceCsv: 'billing.invoice.csv',
    invoiceZip: 'billing.invoice.zip',
    billingRunList: 'billing.billing-run.list',
    billingRunStart: 'billing.billing-run.start',
    /** Issue 23 (receipts): the operator's open bank-transfer and direct-debit invoices, a payment received. */
    operatorInvoiceList: 'billing.operator-invoice.list',
    invoicePaymentRecord: 'billing.operator-invoice.record-payment',
    // Issue 11, slice A (f11-payment)
    billingInfoUpdate: 'billing.billing-info.update',
    paymentGet: 'billing.payment.get',
    paymentUpdate: 'billing.payment.update',
    gmoAuth: 'billing.payment.gmo-auth',
    gmoSecureTran: 'billing.payment.gmo-secure-tran',
    gmoCard: 'billing.payment.gmo-card',
    gmoJs: 'billing.payment.gmo-js',
    // Issue 22: the plan flow's payment state (licence asks) and the tokeniser script for GET /v1/user-auth (identity asks).
    paymentStanding: 'billing.payment.standing',
    tokenScript: 'billing.payment.token-script',
    checkPayment: 'billing.payment.check',
    // Issue 11, slice C1: tax rates, FX, the invoice quote.
    taxRateList: 'billing.tax-rate.list',
    taxRateCreate: 'billing.tax-rate.create',
    taxRateDelete: 'billing.tax-rate.delete',
    fxRateList: 'billing.fx-rate.list',
    fxRateCreate: 'billing.fx-rate.create',
    fxRateDelete: 'billing.fx-rate.delete',
    /** Internal: the next invoice priced with tax and FX (licence's plan-change preview). */
    invoiceQuote: 'billing.invoice.quote',
    /** Issue 25: internal: the client an invoice number belongs to (the back-office search). */
    invoiceClient: 'billing.invoice.client',
    // End of slice C1.
    // Issue 11, slice B: bank-transfer and direct-debit requests, operator registration and CSV.
    /** Issue 14, slice A. Internal: one client's billing info and payment method (licence's client info asks). */
    clientBillingSummary: 'billing.client.summary',
    paymentRequestCheck: 'billing.payment-request.check',
    paymentRequestFile: 'billing.payment-request.file',
    paymentRequestCurrent: 'billing.payment-request.current',
    paymentRequestList: 'billing.payment-request.list',
    paymentRequestDetail: 'billing.payment-request.detail',
    paymentRequestConfirm: 'billing.payment-request.confirm',
    paymentRequestReject: 'billing.payment-request.reject',
    paymentMethodRegister: 'billing.payment-method.register',
    paymentMethodImport: 'billing.payment-method.import',
    /** Issue 25 point 2: an operator's look at a client's current method before replacing it. */
    paymentMethodOfClient: 'billing.payment-method.of-client',
    paymentMethodCsv: 'billing.payment-method.csv',
    // ---- end of issue 11, slice B ----
    // Issue 25, point 5: a client's invoices, failed charges and next billing date on its back-office info page.
    boClientBilling: 'billing.bo-client.billing',
    boClientInvoicePdf: 'billing.bo-client.invoice-pdf',
    // Issue 25, point 5: the billing info, edited on the client's behalf.
    boClientBillingInfo: 'billing.bo-client.billing-info',
    boClientBillingInfoUpdate: 'billing.bo-client.billing-info-update',
  },
  licence: {
    clientList: 'licence.client.list',
    // ---- Issue 14, slice C: migration, client registration, embedded form ----
    migrationCheck: 'licence.migration.check',
    migrationConfirm: 'licence.migration.confirm',
    migrationList: 'licence.migration.list',
    migrationClients: 'licence.migration.clients',
    registrationCheck: 'licence.registration.check',
    registrationConfirm: 'licence.registration.confirm',
    registrationList: 'licence.registration.list',
    embedFormGet: 'licence.embed-form.get',
    embedFormUpdate: 'licence.embed-form.update',
    embedFormOperatorGet: 'licence.embed-form.operator-get',
    embedFormOperatorList: 'licence.embed-form.operator-list',
    embedFormFields: 'licence.embed-form.fields',
    embedFormSubmit: 'licence.embed-form.submit',
    /** Internal: the gateway's CORS decision for the embedded form (the origins a form token admits). */
    embedFormOrigins: 'licence.embed-form.origins',
    // ---- end of issue 14, slice C ----
    productList: 'licence.product.list',
    clientProducts: 'licence.client.products',
    planClientList: 'licence.plan.client-list',
    companyGet: 'licence.company.get',
    companyUpdate: 'licence.company.update',
    // Issue 10, slice A
    serviceNewList: 'licence.service.new-list',
    serviceList: 'licence.service.list',
    serviceStart: 'licence.service.start',
    catalogueList: 'licence.catalogue.list',
    catalogueUpdate: 'licence.catalogue.update',
    domainList: 'licence.domain.list',
    domainLink: 'licence.domain.link',
    domainUnlink: 'licence.domain.unlink',
    /** Internal: does a client hold a live licence for a product (identity's SSO asks). */
    licenceCheck: 'licence.access.check',
    /** Internal: may the principal open this product (its available products with a live licence, uncapped)? */
    productAccess: 'licence.product.access',
    // ---- slice C (issue 10): plan application, review, contracts ----
    planModifyCheck: 'licence.plan.modify-check',
    planCorporateSearch: 'licence.plan.corporate-search',
    planContractInfo: 'licence.plan.contract-info',
    planCheckContractInfo: 'licence.plan.check-contract-info',
    planApplyInfo: 'licence.plan.apply-info',
    planApply: 'licence.plan.apply',
    planBillingPayment: 'licence.plan.billing-payment',
    planCheckBillingPayment: 'licence.plan.check-billing-payment',
    planCancel: 'licence.plan.cancel',
    // Issue 22: the client withdraws its application under review.
    planWithdraw: 'licence.plan.withdraw',
    planApplicationList: 'licence.plan-application.list',
    planApplicationAllow: 'licence.plan-application.allow',
    /** Issue 25 point 2: what allowing an application will do (plans, price, date), nothing written. */
    planApplicationPreview: 'licence.plan-application.preview',
    planApplicationReject: 'licence.plan-application.reject',
    // ---- end of slice C ----
    // Slice B (issue 10): plan master, terms, agreements.
    planMasterList: 'licence.plan-master.list',
    planMasterGet: 'licence.plan-master.get',
    planMasterCreate: 'licence.plan-master.create',
    planMasterUpdate: 'licence.plan-master.update',
    planMasterOrder: 'licence.plan-master.order',
    planBaseList: 'licence.plan.base-list',
    planOptionList: 'licence.plan.option-list',
    termsList: 'licence.terms.list',
    termsGet: 'licence.terms.get',
    termsCreate: 'licence.terms.create',
    termsUpdate: 'licence.terms.update',
    termsPublic: 'licence.terms.public',
    // Issue 22: the law (Specified Commercial Transactions Act) page's address for GET /v1/user-auth.
    lawUrl: 'licence.terms.law-url',
    termsUrlList: 'licence.terms-url.list',
    termsUrlCreate: 'licence.terms-url.create',
    termsUrlUpdate: 'licence.terms-url.update',
    agreementInfo: 'licence.agreement.info',
    // Issue 25: terms versions (publish a draft) and agreeing to a new version.
    termsPublish: 'licence.terms.publish',
    agreementDocument: 'licence.agreement.document',
    agreementGive: 'licence.agreement.give',
    /** Issue 11, slice B: internal, the clients that exist among some (an operator's payment-method registration). */
    clientNames: 'licence.client.names',
    /** Issue 25. Internal: the clients and partners a partner's audit log covers. */
    partnerAuditScope: 'licence.partner.audit-scope',
    invoiceParty: 'licence.client.invoice_party',
    /** Issue 12, slice B. Internal: clients' paid standing and partner, for notice targets and inquiry routing. */
    clientStanding: 'licence.client.standing',
    /** Issue 11, slice C2. Internal: the contract items billing bills for a month, per shard (no /v1 route). */
    contractsBillable: 'licence.contracts.billable',
    // Issue 14, slice A: the operator's and partner's clients.
    boClientList: 'licence.bo-client.list',
    boClientCsv: 'licence.bo-client.csv',
    boClientInfo: 'licence.bo-client.info',
    boClientSuspend: 'licence.bo-client.suspend',
    boClientResume: 'licence.bo-client.resume',
    boClientLicenceType: 'licence.bo-client.licence-type',
    // Issue 22: the EU data-protection rule.
    boClientEuRule: 'licence.bo-client.eu-rule',
    partnerClientList: 'licence.partner-client.list',
    partnerClientCsv: 'licence.partner-client.csv',
    partnerClientInfo: 'licence.partner-client.info',
    partnerClientSuspend: 'licence.partner-client.suspend',
    partnerClientResume: 'licence.partner-client.resume',
    partnerClientLicenceType: 'licence.partner-client.licence-type',
    // Issue 25: bulk actions on the client list.
    boClientBulkSuspend: 'licence.bo-client.bulk-suspend',
    boClientBulkCsv: 'licence.bo-client.bulk-csv',
    partnerClientBulkSuspend: 'licence.partner-client.bulk-suspend',
    partnerClientBulkCsv: 'licence.partner-client.bulk-csv',
    clientCreateLicenceCheck: 'licence.client-create.licence-check',
    clientCreateClientCheck: 'licence.client-create.client-check',
    clientCreateProductsCheck: 'licence.client-create.products-check',
    clientCreate: 'licence.client-create.confirm',
    clientCreatePartners: 'licence.client-create.partners',
    // ---- Issue 14, slice B: partners, sub-partners, partner settings ----
    partnerList: 'licence.partner.list',
    partnerCsv: 'licence.partner.csv',
    partnerGet: 'licence.partner.get',
    partnerCheckLicence: 'licence.partner.check-licence',
    partnerCheckInfo: 'licence.partner.check-info',
    partnerCheckBilling: 'licence.partner.check-billing',
    partnerCheckRegistration: 'licence.partner.check-registration',
    partnerCreate: 'licence.partner.create',
    partnerContracts: 'licence.partner.contracts',
    partnerStatus: 'licence.partner.status',
    partnerRegistration: 'licence.partner.registration',
    partnerReview: 'licence.partner.review',
    partnerDirectContract: 'licence.partner.direct-contract',
    subPartnerList: 'licence.sub-partner.list',
    subPartnerCheck: 'licence.sub-partner.check',
    subPartnerCreate: 'licence.sub-partner.create',
    partnerSettingsGet: 'licence.partner-settings.get',
    partnerSettingsUpdate: 'licence.partner-settings.update',
    // ---- end of issue 14, slice B ----
    // Issue 25, point 5: a client's licences, trials and contracts on its back-office info page.
    boClientLicences: 'licence.bo-client.licences',
    partnerClientLicences: 'licence.partner-client.licences',
    // Issue 25, point 5: the company info, edited on the client's behalf.
    boClientCompany: 'licence.bo-client.company',
    boClientCompanyUpdate: 'licence.bo-client.company-update',
  },
  notification: {
    maintenanceStatus: 'notification.maintenance.status',
    maintenanceSet: 'notification.maintenance.set',
    // Issue 12, slice A: system mail templates, common parts and the mail log.
    mailTemplateList: 'notification.mail-template.list',
    mailTemplateGet: 'notification.mail-template.get',
    mailTemplateUpdate: 'notification.mail-template.update',
    mailTemplatePreview: 'notification.mail-template.preview',
    mailTemplateTestSend: 'notification.mail-template.test-send',
    mailPartList: 'notification.mail-part.list',
    mailPartUpdate: 'notification.mail-part.update',
    mailLogList: 'notification.mail-log.list',
    // ---- Issue 12, slice B: notices and inquiries ----
    noticeList: 'notification.notice.list',
    noticeNewsNum: 'notification.notice.news-num',
    noticeHistory: 'notification.notice.history',
    noticeAdminList: 'notification.notice.admin-list',
    noticeAdminGet: 'notification.notice.admin-get',
    noticeAdminCreate: 'notification.notice.admin-create',
    noticeAdminUpdate: 'notification.notice.admin-update',
    noticeAdminDuplicate: 'notification.notice.admin-duplicate',
    /** Issue 25: a draft to the clients selected on the client list. */
    noticeAdminDraftForClients: 'notification.notice.admin-draft-for-clients',
    noticeAdminArchive: 'notification.notice.admin-archive',
    /** Issue 25: publish a draft; preview a notice as a client sees it. */
    noticeAdminPublish: 'notification.notice.admin-publish',
    noticeAdminPreview: 'notification.notice.admin-preview',
    /** Internal: the unread count and top title for identity's auth info (no /v1 route). */
    noticeBadge: 'notification.notice.badge',
    inquirySend: 'notification.inquiry.send',
    inquiryMine: 'notification.inquiry.mine',
    inquiryInbox: 'notification.inquiry.inbox',
    inquiryStatus: 'notification.inquiry.status',
    inquiryReceivers: 'notification.inquiry-receiver.list',
    inquiryReceiverAdd: 'notification.inquiry-receiver.add',
    inquiryReceiverRemove: 'notification.inquiry-receiver.remove',
    // Issue 14, slice B: the operator manages a partner's inquiry receivers.
    partnerReceivers: 'notification.partner-receiver.list',
    partnerReceiverAdd: 'notification.partner-receiver.add',
    partnerReceiverRemove: 'notification.partner-receiver.remove',
    // ---- end of issue 12, slice B ----
  },
  /** Mail requests are durable: services put them in their outbox; notification sends them. */
  usageLog: {
    operationLogList: 'usage-log.operation-log.list',
    exportCsv: 'usage-log.export.csv',
    /** Issue 25: the audit log of back-office actions (operators: all; partners: their scope) and its CSV, a chunk per call. */
    auditLogList: 'usage-log.audit-log.list',
    auditLogExport: 'usage-log.audit-log.export',
    /** Issue 23, item 3. Internal: sums of usage metrics over day ranges (licence's metered lines and previews; never /v1). */
    meteredUsage: 'usage-log.usage.metered',
  },
  /** Issue 13, slice A: product signing keys (operators) and the gateway's key look-up. */
  usageIngest: {
    productKeyList: 'usage-log.product-key.list',
    productKeyCreate: 'usage-log.product-key.create',
    ingestKeys: 'usage-log.ingest.keys',
  },
} as const;

export const EVENTS_STREAM = 'PORTAL_EVENTS';
export const EVENTS_PREFIX = 'events';

export const Events = {
  identity: {
    temporaryRegistered: 'events.identity.signup.temporary-registered',
    /** A client company and its owner registered: licence creates its client record. */
    clientRegistered: 'events.identity.client.registered',
    /** f9-ident: an email's home region changed (the global shard's directory follows; issue 9 item 9). */
    directoryChanged: 'events.identity.directory.changed',
    /** Slice B (issue 10): an account agreed to the terms and the privacy policy (signup, invitation); licence records it. */
    agreementGiven: 'events.identity.agreement.given',
    /** Issue 21: a support session into a client ended; usage-log mails its summary to the client's owners. */
    supportSessionEnded: 'events.identity.support-session.ended',
  },
  licence: {
    /** A client's company name changed: identity keeps its tenant view in step. */
    clientUpdated: 'events.licence.client.updated',
    /** Issue 10, slice A: a service was started (trial or free): identity gives the owner's account the product. */
    serviceStarted: 'events.licence.service.started',
    /** Issue 14, slice A: a client's contract type, licence type, status or partner changed: identity's tenant copy follows (and a suspension ends the client's sessions). */
    clientChanged: 'events.licence.client.changed',
    /** Issue 14, slice B: a partner was created or changed (status, review, name): identity keeps its tenant and first account in step. */
    partnerChanged: 'events.licence.partner.changed',
  },
  usageLog: {
    /** An operation-log entry (spec §3 event types): usage-log stores it in the client's region. */
    operationRecorded: 'events.usage-log.operation.recorded',
  },
  /** Issue 13, slice A: product usage events, one ingestion request's accepted events per message, per shard (`events.usage.events.<shard>`). */
  usage: {
    eventsBatch: 'events.usage.events.*',
  },
  notification: {
    mailRequested: 'events.notification.mail.requested',
    mailSent: 'events.notification.mail.sent',
    maintenanceChanged: 'events.notification.maintenance.changed',
  },
} as const;

/** Header names carried on every message (DESIGN §5). */
export const Headers = {
  requestId: 'x-request-id',
  region: 'x-region',
  language: 'x-language',
  /** The caller's address as the gateway saw it (X-Forwarded-For only from trusted proxies). */
  clientIp: 'x-client-ip',
  userAgent: 'x-user-agent',
  /** The caller's session and remembered-device tokens, for the calls that need them. */
  sessionToken: 'x-session-token',
  deviceToken: 'x-device-token',
  /** The origin the visitor used (scheme and known host), for links in mails. */
  publicOrigin: 'x-public-origin',
  principal: 'x-principal',
  traceparent: 'traceparent',
  tracestate: 'tracestate',
  msgId: 'Nats-Msg-Id',
  // --- Hardening: transport and faults (issue 9) ---
  /** HMAC-SHA256 of the deadline and the principal, by the gateway (services refuse a principal without it). */
  principalSignature: 'x-principal-sig',
  /** When the caller stops waiting (epoch ms): a service does not start work past it. */
  deadline: 'x-deadline',
} as const;

function subjectsIn(table: object): string[] {
  return Object.values(table).flatMap((value: unknown) =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? subjectsIn(value) : []);
}

/**
 * Every internal subject (commands, queries, events, health checks): names of the inside that no
 * public answer or document carries (issue 21 item 5: /v1/openapi.json listed them).
 */
export const INTERNAL_SUBJECTS: readonly string[] = [...subjectsIn(Subjects), ...subjectsIn(Events), ...SERVICES.map((s) => Subjects.health(s))];
