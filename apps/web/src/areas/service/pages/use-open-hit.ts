import { useNavigate } from 'react-router';
import type { SearchHit } from '../../../features/customer-service';

/** Where a search hit leads: the customer's or the machine's page. */
export function useOpenHit() {
  const navigate = useNavigate();
  return (hit: SearchHit) =>
    void navigate(
      hit.kind === 'customer'
        ? `/service/tenants/${hit.id}`
        : `/service/machines/${encodeURIComponent(hit.serialNumber)}`,
    );
}
