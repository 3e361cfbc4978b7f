import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, Events, INTERNAL_ROUTES, REGION_PROFILES, ZLanguage, ZShard, type ApiRequest, type TAgreementGiven } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import { TermsService } from './terms.service.js';

/** Terms of use, terms-and-conditions URLs and agreements (slice B of issue 10). Operator calls are OPERATOR_ONLY in the policy table. */
@Injectable()
export class TermsHandler {
  constructor(@Inject(TermsService) private readonly terms: TermsService) {}

  @Handles(API_ROUTES.termsList)
  list(query: ApiRequest<'termsList'>) {
    requirePrincipal();
    return this.terms.list(query);
  }

  @Handles(API_ROUTES.termsGet)
  get(query: ApiRequest<'termsGet'>) {
    requirePrincipal();
    return this.terms.get(query.id);
  }

  @Handles(API_ROUTES.termsCreate)
  create(input: ApiRequest<'termsCreate'>) {
    requirePrincipal();
    return this.terms.create(input);
  }

  @Handles(API_ROUTES.termsUpdate)
  update(input: ApiRequest<'termsUpdate'>) {
    requirePrincipal();
    return this.terms.update(input);
  }

  @Handles(API_ROUTES.termsPublish)
  publish(input: ApiRequest<'termsPublish'>) {
    return this.terms.publish(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.termsUrlList)
  urlList() {
    requirePrincipal();
    return this.terms.urlList();
  }

  @Handles(API_ROUTES.termsUrlCreate)
  urlCreate(input: ApiRequest<'termsUrlCreate'>) {
    requirePrincipal();
    return this.terms.urlCreate(input);
  }

  @Handles(API_ROUTES.termsUrlUpdate)
  urlUpdate(input: ApiRequest<'termsUrlUpdate'>) {
    requirePrincipal();
    return this.terms.urlUpdate(input);
  }

  /** Issue 22: identity's auth info asks for the law page's address (public data: any caller). */
  @Handles(INTERNAL_ROUTES.lawUrl)
  lawUrl() {
    return this.terms.lawUrl();
  }

  /** Public: the visitor's language unless one is asked for. */
  @Handles(API_ROUTES.termsPublic)
  publicTerms(query: ApiRequest<'termsPublic'>) {
    const { region, language } = requireContext();
    const shard = ZShard.parse(region);
    // The host's language (the gateway always sends one); a region without a profile (global) reads English.
    const fallback = shard === 'global' ? 'en-us' : REGION_PROFILES[shard].defaultLanguage;
    return this.terms.publicTerms(query.language ?? ZLanguage.catch(fallback).parse(language), shard);
  }

  @Handles(API_ROUTES.agreementInfo)
  agreementInfo() {
    return this.terms.agreementInfo(requirePrincipal());
  }

  @Handles(API_ROUTES.agreementDocument)
  agreementDocument(query: ApiRequest<'agreementDocument'>) {
    return this.terms.agreementDocument(requirePrincipal(), query);
  }

  @Handles(API_ROUTES.agreementGive)
  agree(input: ApiRequest<'agreementGive'>) {
    return this.terms.agree(requirePrincipal(), input);
  }

  /** Once per event: a redelivery records nothing more. */
  @OnEvent(Events.identity.agreementGiven)
  agreementGiven(event: TAgreementGiven, msgId: string): Promise<void> {
    return this.terms.recordGiven(ZShard.parse(requireContext().region), event, msgId);
  }
}
