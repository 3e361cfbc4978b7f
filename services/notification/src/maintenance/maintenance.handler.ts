import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { MaintenanceService } from './maintenance.service.js';

@Injectable()
export class MaintenanceHandler {
  constructor(@Inject(MaintenanceService) private readonly maintenance: MaintenanceService) {}

  @Handles(API_ROUTES.maintenanceStatus)
  status() {
    return this.maintenance.status();
  }

  @Handles(API_ROUTES.maintenanceSet)
  set(input: ApiRequest<'maintenanceSet'>) {
    return this.maintenance.set(input);
  }
}
