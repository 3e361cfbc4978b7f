import { Module } from '@nestjs/common';
import { MaintenanceHandler } from './maintenance.handler.js';
import { MaintenanceRepository } from './maintenance.repository.js';
import { MaintenanceService } from './maintenance.service.js';

@Module({ providers: [MaintenanceHandler, MaintenanceService, MaintenanceRepository] })
export class MaintenanceModule {}
