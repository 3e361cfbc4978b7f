import { Inject, Injectable } from '@nestjs/common';
import { type TClientDomains, type TPrincipal, type TShard, type ZDomainLink, type ZDomainUnlink } from '@portal/proto';
import type { z } from 'zod';
import { recordOperation } from '@portal/service-common/audit';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import type { Tx } from '../db.js';
import { LicenceCheckService } from './licence-check.service.js';
import { LicencesRepository } from './licences.repository.js';
import { DOMAIN_RESOLVER, type DomainResolver } from './ports.js';
import { requireClient } from './services.service.js';

/**
 * Product link (spec §4, §5): products the client holds are linked with domains that exist (a
 * DNS look-up through DomainResolver). Unlinking a domain removes its entries; the products the
 * user keeps get the free plan, the others' licences end.
 */
@Injectable()
export class DomainsService {
  constructor(
    @Inject(LicencesRepository) private readonly licences: LicencesRepository,
    @Inject(LicenceCheckService) private readonly checks: LicenceCheckService,
    @Inject(DOMAIN_RESOLVER) private readonly resolver: DomainResolver,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: TPrincipal): Promise<TClientDomains> {
    const rows = await this.licences.domainsOf(principal.region as TShard, requireClient(principal));
    const by = new Map<string, { domain: string; products: string[]; verified_at: string }>();
    for (const r of rows) {
      const entry = by.get(r.domain) ?? { domain: r.domain, products: [], verified_at: r.verifiedAt.toISOString() };
      entry.products.push(r.product);
      by.set(r.domain, entry);
    }
    return { domains: [...by.values()] as TClientDomains['domains'] };
  }

  async link(principal: TPrincipal, input: z.output<typeof ZDomainLink>): Promise<TClientDomains> {
    const clientUuid = requireClient(principal);
    const live = await this.checks.liveProducts(principal.region, clientUuid);
    const products = [...new Set(input.products)];
    if (products.some((p) => !live.has(p))) throw ServiceError.form({ products: [{ key: 'domain.no_licence' }] });
    if (!(await this.resolver.resolves(input.domain))) throw ServiceError.form({ domain: [{ key: 'domain.not_found' }] });
    const shard = principal.region as TShard;
    await this.uow.run(shard, async (tx) => {
      await this.licences.link(tx, clientUuid, input.domain, products, this.clock.now());
      await recordOperation(tx, { shard, clientUuid, accountUuid: principal.account_uuid, operation: 'domain_linked', detail: { domain: input.domain, products } });
    });
    return this.list(principal);
  }

  async unlink(principal: TPrincipal, input: z.output<typeof ZDomainUnlink>): Promise<TClientDomains> {
    const clientUuid = requireClient(principal);
    const shard = principal.region as TShard;
    const keep = [...new Set(input.keep)];
    const now = this.clock.now();
    await this.uow.run(shard, async (tx) => {
      const linked = await this.licences.unlink(tx, clientUuid, input.domain);
      if (!linked.length) throw ServiceError.form({ domain: [{ key: 'domain.not_linked' }] });
      if (keep.some((p) => !linked.includes(p))) throw ServiceError.form({ keep: [{ key: 'domain.keep_not_linked' }] });
      await this.licences.makeFree(tx, clientUuid, keep, now);
      const released = linked.filter((p) => !(keep as string[]).includes(p));
      await this.licences.end(tx, clientUuid, released, now);
      await recordOperation(tx, { shard, clientUuid, accountUuid: principal.account_uuid, operation: 'domain_unlinked', detail: { domain: input.domain, products: linked, kept: keep } });
    });
    return this.list(principal);
  }
}
