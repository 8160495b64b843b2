import { useEffect, useRef, useState } from 'react';
import { useLiveConnection } from '../../../lib/live';

const BANNER_DELAY_MS = 3000;

/**
 * The live socket's state for a page that follows machines (docs/design.md "Live data"): whether it is
 * live, a banner when it is not (after a moment, so a quick reconnect does not flash it), and a
 * `refetch` once the socket is back, for what changed meanwhile.
 */
export function useLiveState(hasMachines: boolean, refetch: () => void) {
  const connection = useLiveConnection();
  const live = connection === 'open' || (connection === 'idle' && !hasMachines);
  const wasOpen = useRef(false);
  const wasDown = useRef(false);
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  useEffect(() => {
    if (connection !== 'open') {
      if (wasOpen.current) wasDown.current = true;
      return;
    }
    wasOpen.current = true;
    if (wasDown.current) {
      wasDown.current = false;
      refetchRef.current();
    }
  }, [connection]);
  const [showBanner, setShowBanner] = useState(false);
  useEffect(() => {
    if (live) {
      setShowBanner(false);
      return;
    }
    const timer = setTimeout(() => setShowBanner(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live]);
  return { live, showBanner };
}
