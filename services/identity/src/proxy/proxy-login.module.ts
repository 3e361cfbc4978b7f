import { Module } from '@nestjs/common';
import { ProxyLoginHandler } from './proxy-login.handler.js';
import { ProxyLoginService } from './proxy-login.service.js';
import { ProxyEligibilityService } from './proxy-eligibility.service.js';

/** Support (proxy) login by partners and operators. */
@Module({ providers: [ProxyLoginHandler, ProxyLoginService, ProxyEligibilityService] })
export class ProxyLoginModule {}
