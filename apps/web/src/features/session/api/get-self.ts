import { getSelf as getSelfRoute } from '@kerf/contracts';
import { api } from '../../../lib/api';

export function getSelf(signal?: AbortSignal) {
  return api(getSelfRoute, { signal });
}
