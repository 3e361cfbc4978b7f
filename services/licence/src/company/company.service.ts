import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, Events, Headers, companyLists, surveyProblems, validPostalCode, type TClientCompanyOnBehalf, type TCompany, type TCompanyUpdate, type TLogoCrop,
  type TMessageRef, type TPrincipal, type TRegion, type TShard,
} from '@portal/proto';
import { recordOperation } from '@portal/service-common/audit';
import { changeDetail, changedFields } from '@portal/service-common/changes';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { processLogo } from '@portal/service-common/images/logo';
import { clientOwners, mailOwnersOnBehalf, requireOperator } from '@portal/service-common/on-behalf';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Client, Tx } from '../db.js';
import { CompanyRepository, type CompanyChanges } from './company.repository.js';

/** Fields of the form and their columns, for the operation log's list of what changed. */
const FIELDS = {
  company_name: 'companyName', phone: 'phone', address: 'address', location: 'location', representative: 'representative',
  corporate_number: 'corporateNumber', industry: 'industry', sub_industry: 'subIndustry', employees: 'employees', budget: 'budget',
  // Issue 22: the rest of the registration survey, and the postal code.
  postal_code: 'postalCode', position: 'position', division: 'division',
} as const satisfies Partial<Record<keyof TCompanyUpdate, keyof Client>>;

/**
 * /company (spec §2, §3): the client's company information. Tenancy comes from the principal;
 * nothing changes while the licence is under review (spec §4); the logo is checked and cropped
 * on the server (spec §9).
 */
@Injectable()
export class CompanyService {
  constructor(
    @Inject(CompanyRepository) private readonly companies: CompanyRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(principal: TPrincipal): Promise<TCompany> {
    return view(await this.client(principal));
  }

  async update(principal: TPrincipal, input: TCompanyUpdate): Promise<TCompany> {
    const current = await this.client(principal);
    const shard = principal.region as TShard;
    return this.save(shard, current, input, async (tx, changed) => {
      await recordOperation(tx, { shard, clientUuid: current.uuid, accountUuid: principal.account_uuid, operation: 'company_changed', detail: { fields: changed } });
    });
  }

  /** Issue 25, point 5: an operator reads a client's company information to change it on its behalf. */
  async getOnBehalf(principal: TPrincipal, region: TRegion, uuid: string): Promise<TCompany> {
    requireOperator(principal);
    return view(await this.addressed(region, uuid));
  }

  /**
   * Issue 25, point 5: an operator changes a client's company particulars on its behalf, by the
   * client's own rules (the same checks, refused under review). The logo and the survey answers
   * stay as the client gave them. Logged with the values before and after, and the client's owners
   * are mailed what changed, in the same unit of work.
   */
  async updateOnBehalf(principal: TPrincipal, input: TClientCompanyOnBehalf): Promise<TCompany> {
    requireOperator(principal);
    const { region, uuid, ...particulars } = input;
    const current = await this.addressed(region, uuid);
    const owners = await clientOwners(this.transport, region, current.uuid);
    const full: TCompanyUpdate = {
      ...particulars, position: current.position, division: current.division, industry: current.industry, sub_industry: current.subIndustry,
      employees: current.employees, budget: current.budget, remove_logo: false,
    } as TCompanyUpdate;
    const operation = 'company_changed_on_behalf';
    return this.save(region, current, full, async (tx, changed, before, after) => {
      const detail = changeDetail(before, after, changed);
      await recordOperation(tx, { shard: region, clientUuid: current.uuid, accountUuid: principal.account_uuid, operation, detail });
      await mailOwnersOnBehalf(tx, region, { owners, section: 'company', operation, detail, at: this.clock.now(), path: '/company' });
    });
  }

  /**
   * The client's rules for a company save (spec §3, §4, §9) and the write: nothing changes under
   * review, the survey and postal code by the region's lists, the logo checked and cropped. `log`
   * writes the operation-log entry (and any mail) in the write's transaction, with the changed
   * fields and their values before and after.
   */
  private async save(
    shard: TShard, current: Client, input: TCompanyUpdate,
    log: (tx: Tx, changed: string[], before: Record<string, unknown>, after: Record<string, unknown>) => Promise<void>,
  ): Promise<TCompany> {
    if (current.licenceType === 'reviewing') throw new ServiceError(AccessCode.FORM_ERROR, 'company.under_review');
    const lists = companyLists(current.region);
    // The survey's answers from the region's lists (optional here: registration asked them all).
    const fields: Record<string, TMessageRef[]> = surveyProblems(current.region, input, false);
    if (!validPostalCode(current.region, input.postal_code)) fields.postal_code = [{ key: lists.domestic ? 'company.postal_code_invalid_jpn' : 'company.postal_code_invalid' }];
    // A corporate number is a Japanese identifier.
    if (!lists.domestic && input.corporate_number) fields.corporate_number = [{ key: 'company.corporate_number_invalid' }];
    let logo: { dataUrl: string | null; crop: TLogoCrop | null } | undefined;
    if (input.logo) {
      const processed = await processLogo(input.logo.content, input.logo.crop);
      if (processed.ok) logo = { dataUrl: processed.dataUrl, crop: processed.crop };
      else fields.logo = [processed.error];
    } else if (input.remove_logo) {
      logo = { dataUrl: null, crop: null };
    }
    if (Object.keys(fields).length) throw ServiceError.form(fields);

    const data: CompanyChanges = {
      companyName: input.company_name, phone: input.phone, address: input.address, location: input.location,
      representative: input.representative, corporateNumber: input.corporate_number, industry: input.industry,
      subIndustry: input.sub_industry, employees: input.employees, budget: input.budget,
      position: input.position, division: input.division, postalCode: input.postal_code,
    };
    const columns = (from: Pick<Client, (typeof FIELDS)[keyof typeof FIELDS]>) =>
      Object.fromEntries((Object.keys(FIELDS) as (keyof typeof FIELDS)[]).map((f) => [f, from[FIELDS[f]]]));
    // A logo is a change when the stored image differs (removing none, or the same file and crop, is not).
    const logoChanged = logo !== undefined && logo.dataUrl !== current.logoDataUrl;
    const before = columns(current);
    const after = columns(data);
    const changed = [...changedFields(before, after), ...(logoChanged ? ['logo'] : [])];
    // A save that changes nothing writes, logs and tells nothing (docs/decisions.md).
    if (!changed.length) return view(current);
    if (logoChanged) data.logo = logo;
    const updated = await this.uow.run(shard, async (tx) => {
      // The status check and the write are one step: a review that starts meanwhile wins.
      const written = await this.companies.updateUnlessReviewing(tx, current.uuid, data);
      if (!written) throw new ServiceError(AccessCode.FORM_ERROR, 'company.under_review');
      await log(tx, changed, before, after);
      if (current.companyName !== input.company_name) {
        await enqueueEvent(tx, Events.licence.clientUpdated, { client_uuid: current.uuid, company_name: input.company_name }, {
          [Headers.region]: shard, [Headers.requestId]: currentContext()?.requestId ?? 'internal',
        });
      }
      return written;
    });
    return view(updated);
  }

  /** The client a back-office request addresses, in its region's shard (the request names both); else not found. */
  private async addressed(region: TRegion, uuid: string): Promise<Client> {
    const found = await this.companies.find(region as TShard, uuid);
    if (!found) throw ServiceError.notFound();
    return found;
  }

  private async client(principal: TPrincipal): Promise<Client> {
    if (!principal.client_uuid) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    const found = await this.companies.find(principal.region as TShard, principal.client_uuid);
    if (!found) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return found;
  }
}

function view(c: Client): TCompany {
  return {
    company_uuid: c.uuid, region: c.region, company_name: c.companyName, phone: c.phone, address: c.address, location: c.location,
    representative: c.representative, corporate_number: c.corporateNumber, postal_code: c.postalCode, position: c.position, division: c.division,
    industry: c.industry, sub_industry: c.subIndustry,
    employees: c.employees, budget: c.budget, logo_url: c.logoDataUrl, logo_crop: (c.logoCrop as TLogoCrop | null) ?? null,
    locked: c.licenceType === 'reviewing',
  };
}
