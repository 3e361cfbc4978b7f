import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZMaintenanceSet, type TMaintenanceSet } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { MaintenanceService } from './maintenance.service.js';

@Injectable()
export class MaintenanceHandler {
  constructor(@Inject(MaintenanceService) private readonly maintenance: MaintenanceService) {}

  @Handles(Subjects.notification.maintenanceStatus)
  status() {
    return this.maintenance.status();
  }

  @Handles(Subjects.notification.maintenanceSet, ZMaintenanceSet)
  set(input: TMaintenanceSet) {
    return this.maintenance.set(input);
  }
}
