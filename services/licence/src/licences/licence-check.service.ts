import { Inject, Injectable } from '@nestjs/common';
import { REGION_PROFILES, type TLicenceCheck, type TRegion, type TShard } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import type { PaidStanding } from '../plans/contracts.repository.js';
import { LicencesRepository, type LicenceRecord } from './licences.repository.js';
import { bridgingPlan, dayIn, licenceState, withEuRule } from './licences.rules.js';
import { PAID_PRODUCTS, type PaidProducts } from './ports.js';

export interface ProductStanding {
  check: TLicenceCheck;
  row: LicenceRecord | null;
  /** Issue 22: the first day (Tokyo) of a paid plan applied for and not in effect yet, if any. */
  paidFrom: string | null;
}

/**
 * The licence check (docs/design/licence.md): whether a client holds a live licence for a
 * product: free, a trial not past its last day in the client's region calendar, a trial carried
 * on by a paid plan applied for during it (issue 22), or a paid contract (slice C, through
 * PaidProducts). SSO, the services list and the usage dashboards all ask here.
 */
@Injectable()
export class LicenceCheckService {
  constructor(
    @Inject(LicencesRepository) private readonly licences: LicencesRepository,
    @Inject(PAID_PRODUCTS) private readonly paid: PaidProducts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Today in the region's calendar. */
  today(region: TRegion): string {
    return dayIn(this.clock.now(), REGION_PROFILES[region].timeZone);
  }

  /**
   * The licence check of SSO (sso_login, proxy_login, free_proxy_login) and of starting a service.
   * Issue 22: a client marked as subject to the EU data-protection rule holds nothing usable.
   */
  async check(region: TRegion, clientUuid: string, product: string): Promise<TLicenceCheck> {
    const shard = region as TShard;
    const [row, paid, euRestricted] = await Promise.all([
      this.licences.licence(shard, clientUuid, product),
      this.paid.paidStanding(shard, clientUuid, this.clock.now()),
      this.licences.euRestricted(shard, clientUuid),
    ]);
    return withEuRule(this.standing(region, product, row, paid).check, euRestricted);
  }

  /** Every product the client has a licence row or a paid contract (live or pending) for, with its standing. */
  async standings(region: TRegion, clientUuid: string): Promise<Map<string, ProductStanding>> {
    const shard = region as TShard;
    const [rows, paid] = await Promise.all([
      this.licences.licencesOf(shard, clientUuid),
      this.paid.paidStanding(shard, clientUuid, this.clock.now()),
    ]);
    const out = new Map<string, ProductStanding>();
    for (const row of rows) out.set(row.product, this.standing(region, row.product, row, paid));
    for (const product of [...paid.live, ...paid.pending.map((p) => p.product)]) {
      if (!out.has(product)) out.set(product, this.standing(region, product, null, paid));
    }
    return out;
  }

  /** The products the client may use now (live licences). */
  async liveProducts(region: TRegion, clientUuid: string): Promise<Map<string, TLicenceCheck>> {
    const standings = await this.standings(region, clientUuid);
    return new Map([...standings].filter(([, s]) => s.check.live).map(([p, s]) => [p, s.check]));
  }

  private standing(region: TRegion, product: string, row: LicenceRecord | null, paid: PaidStanding): ProductStanding {
    const pending = paid.pending.filter((p) => p.product === product);
    const bridge = bridgingPlan(row, pending, REGION_PROFILES[region].timeZone);
    return {
      row,
      check: licenceState(row, this.today(region), paid.live.includes(product), bridge !== null),
      paidFrom: pending[0]?.effectiveFrom ?? null,
    };
  }
}
