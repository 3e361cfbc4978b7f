import { Module } from '@nestjs/common';
import { PlansHandler } from './plans.handler.js';

@Module({ providers: [PlansHandler] })
export class PlansModule {}
