import { Inject, Injectable } from '@nestjs/common';
import { INTERNAL_ROUTES, NOTIFICATION_NOTICE_ROUTES as R, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { NoticesService } from './notices.service.js';

/** Notices (issue 12, slice B): readers' calls (NOTICE_READER: clients and partners), the operator's (OPERATOR_ONLY), identity's badge. */
@Injectable()
export class NoticesHandler {
  constructor(@Inject(NoticesService) private readonly notices: NoticesService) {}

  @Handles(R.noticeList)
  list(query: ApiRequest<'noticeList'>) { return this.notices.list(requirePrincipal(), query.page, query.per_page); }

  @Handles(R.noticeNewsNum)
  newsNum() { return this.notices.badgeOf(requirePrincipal()); }

  @Handles(R.noticeHistory)
  history(input: ApiRequest<'noticeHistory'>) { return this.notices.markRead(requirePrincipal(), input.ids); }

  @Handles(INTERNAL_ROUTES.noticeBadge)
  badge(query: InternalRequest<'noticeBadge'>) {
    return this.notices.badge({ shard: query.region, accountUuid: query.account_uuid, clientUuid: query.client_uuid, partnerUuid: query.partner_uuid });
  }

  @Handles(R.operatorNoticeList)
  adminList(query: ApiRequest<'operatorNoticeList'>) { requirePrincipal(); return this.notices.adminList(query); }

  @Handles(R.operatorNoticeGet)
  get(query: ApiRequest<'operatorNoticeGet'>) { requirePrincipal(); return this.notices.get(query.id); }

  @Handles(R.operatorNoticeCreate)
  create(input: ApiRequest<'operatorNoticeCreate'>) { return this.notices.create(requirePrincipal(), input); }

  @Handles(R.operatorNoticeUpdate)
  update(input: ApiRequest<'operatorNoticeUpdate'>) { requirePrincipal(); return this.notices.update(input); }

  @Handles(R.operatorNoticeDraftForClients)
  draftForClients(input: ApiRequest<'operatorNoticeDraftForClients'>) { return this.notices.draftForClients(requirePrincipal(), input); }

  @Handles(R.operatorNoticeDuplicate)
  duplicate(input: ApiRequest<'operatorNoticeDuplicate'>) { return this.notices.duplicate(requirePrincipal(), input.id); }

  @Handles(R.operatorNoticePublish)
  publish(input: ApiRequest<'operatorNoticePublish'>) { requirePrincipal(); return this.notices.publish(input.id); }

  @Handles(R.operatorNoticePreview)
  preview(query: ApiRequest<'operatorNoticePreview'>) { requirePrincipal(); return this.notices.preview(query.id, query.client_uuid); }

  @Handles(R.operatorNoticeArchive)
  archive(input: ApiRequest<'operatorNoticeArchive'>) { requirePrincipal(); return this.notices.archive(input.id); }
}
