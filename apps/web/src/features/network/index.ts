/** Network setup: the network administrator, firewall ports and the machines' network settings. */
export { FirewallPanel } from './components/firewall-panel';
export { NetworkAdminCard } from './components/network-admin-card';
export { NetworkDetails } from './components/network-details';
