import { Controller, Get, Header, Module, type DynamicModule } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { PUBLIC } from '@portal/proto';
import { buildOpenApi } from './openapi/openapi.js';

@Controller('v1')
export class OpenApiController {
  private readonly document = buildOpenApi();

  @Get('openapi.json')
  @RouteConfig({ policy: PUBLIC })
  @Header('cache-control', 'public, max-age=300')
  openapi(): Record<string, unknown> {
    return this.document;
  }
}

@Module({})
export class GatewayModule {
  static forRoot(): DynamicModule {
    return { module: GatewayModule, controllers: [OpenApiController] };
  }
}
