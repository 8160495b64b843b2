/**
 * What the printing shop's firewall must let through (product.md §9): outgoing HTTPS and MQTT over TLS.
 * The fixed addresses of gate manager and site manager are configuration, not code: set them at build
 * time with VITE_GATE_MANAGER_ADDRESSES / VITE_SITE_MANAGER_ADDRESSES (comma-separated).
 */
export const FIREWALL_PORTS = [
  { port: 443, protocol: 'TCP', service: 'HTTPS' },
  { port: 8883, protocol: 'TCP', service: 'MQTT (TLS)' },
] as const;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const FIXED_ADDRESSES = {
  gateManager: list(import.meta.env.VITE_GATE_MANAGER_ADDRESSES),
  siteManager: list(import.meta.env.VITE_SITE_MANAGER_ADDRESSES),
};
