export { buildGateway, startGateway, type GatewayDeps, type RunningGateway } from './gateway.js';
export { ZGatewayConfig, type TGatewayConfig } from './config.js';
export { registeredRoutes } from './http/policy.hook.js';
