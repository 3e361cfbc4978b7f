import { Inject, Injectable } from '@nestjs/common';
import { ZLanguage, ZProductKind, ZProductTag, ZRegion, type TCatalogueProduct, type TCatalogueUpdate } from '@portal/proto';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { recordOperation } from '@portal/service-common/audit';
import { ServiceError } from '@portal/service-common/errors';
import type { Tx } from '../db.js';
import { LicencesRepository, type CatalogueRow } from './licences.repository.js';

/** The operator catalogue (global shard): list, and edit trial length, regions and descriptions. */
@Injectable()
export class CatalogueService {
  constructor(
    @Inject(LicencesRepository) private readonly licences: LicencesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  async list(): Promise<{ products: TCatalogueProduct[] }> {
    return { products: (await this.licences.catalogue()).map(view) };
  }

  async update(input: TCatalogueUpdate): Promise<TCatalogueProduct> {
    const current = await this.licences.catalogueProduct(input.id);
    if (!current) throw ServiceError.form({ id: [{ key: 'catalogue.not_found' }] });
    // A trial length only for a product that has a trial (the spec names the trial products); none removes it.
    await this.uow.run('global', async (tx) => {
      await this.licences.updateProduct(tx, input.id, {
        trialDays: input.trial_days, regions: [...new Set(input.regions)], descriptions: input.descriptions as Record<string, string>,
      });
      await recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation: 'products_updated', detail: { product: input.id }, target: { type: 'product', id: input.id } });
    });
    return view((await this.licences.catalogueProduct(input.id))!);
  }
}

export function view(p: CatalogueRow): TCatalogueProduct {
  return {
    id: p.id as TCatalogueProduct['id'],
    kind: ZProductKind.catch('unspecified').parse(p.kind),
    trial_days: p.trialDays,
    free_plan: p.freePlan,
    regions: p.regions.filter((r) => ZRegion.safeParse(r).success) as TCatalogueProduct['regions'],
    tags: p.tags.filter((t) => ZProductTag.safeParse(t).success) as TCatalogueProduct['tags'],
    sort_order: p.sortOrder,
    descriptions: Object.fromEntries(p.texts.filter((t) => ZLanguage.safeParse(t.language).success).map((t) => [t.language, t.description])),
    updated_at: p.updatedAt.toISOString(),
  };
}
