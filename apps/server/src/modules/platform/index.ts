/** Liveness and readiness probes under /api (no table of its own). */
export { registerPlatformRoutes as registerPlatformModule } from './platform.routes';
