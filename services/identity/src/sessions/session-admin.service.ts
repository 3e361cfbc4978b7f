import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, type TPrincipal } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { ServiceError } from '@portal/service-common/errors';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import type { Session, Tx } from '../db.js';
import { recordOperation } from '../audit/audit.js';
import { SessionEndService } from './session-end.service.js';
import { SessionsRepository } from './sessions.repository.js';

/** Short device description from a User-Agent, for the session list. */
export function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Chrome\//.test(userAgent) ? 'Chrome' : /Firefox\//.test(userAgent) ? 'Firefox' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const os = /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

/** The profile's session list (beyond the spec) and the owner's view of support sessions. */
@Injectable()
export class SessionAdminService {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
  ) {}

  private view(session: Session, currentId: string) {
    return {
      id: session.id.slice(0, 16),
      current: session.id === currentId,
      device: describeDevice(session.userAgent),
      ip: session.ip,
      created_at: session.createdAt.toISOString(),
      last_used_at: session.lastSeenAt.toISOString(),
      proxy: session.proxy,
      actor: session.actorName,
    };
  }

  async listOwn(principal: TPrincipal) {
    const rows = await this.sessions.listActive(principal.home_shard, { accountUuid: principal.account_uuid, proxy: false }, this.clock.now());
    return { sessions: rows.map((s) => this.view(s, principal.session_id)) };
  }

  async endOwn(principal: TPrincipal, shortId: string) {
    const rows = await this.sessions.listActive(principal.home_shard, { accountUuid: principal.account_uuid, proxy: false }, this.clock.now());
    await this.endOne(principal, rows, shortId, 'session_ended');
  }

  async listSupport(principal: TPrincipal) {
    if (!principal.client_uuid) return { sessions: [] };
    const rows = await this.sessions.listActive(principal.home_shard, { tenantUuid: principal.client_uuid, proxy: true }, this.clock.now());
    return { sessions: rows.map((s) => this.view(s, principal.session_id)) };
  }

  async endSupport(principal: TPrincipal, shortId: string) {
    if (!principal.client_uuid) throw new ServiceError(AccessCode.FORM_ERROR, 'session.not_found');
    const rows = await this.sessions.listActive(principal.home_shard, { tenantUuid: principal.client_uuid, proxy: true }, this.clock.now());
    await this.endOne(principal, rows, shortId, 'support_session_ended');
  }

  /** Sessions are addressed by a prefix of their hash; only the caller's own rows are candidates. */
  private async endOne(principal: TPrincipal, candidates: Session[], shortId: string, operation: string) {
    const target = candidates.find((s) => s.id.slice(0, 16) === shortId);
    if (!target) throw new ServiceError(AccessCode.FORM_ERROR, 'session.not_found', undefined, { session_id: [{ key: 'session.not_found' }] });
    await this.uow.run(principal.home_shard, async (tx) => {
      // An owner ending a support session: its summary says so (the user's own sessions have none).
      await this.ender.end(principal.home_shard, { id: target.id }, 'ended_by_owner', tx);
      await recordOperation(tx, { shard: principal.home_shard, clientUuid: principal.client_uuid, accountUuid: principal.account_uuid, operation, detail: { device: describeDevice(target.userAgent), ip: target.ip, actor: target.actorName } });
    });
  }
}
