/** Which side of a partnership the screen is on: the printing shop that owns the knives, or the grinding shop. */
export type LogisticsSide = 'owner' | 'grinder';

/**
 * A knife as a grinding shop names it: its owner (the printing shop's id) and its RFID (issue 31).
 * The printing shop's own screens leave the owner out (it is themselves).
 */
export interface KnifeRef {
  owner?: string;
  rfid: string;
  /**
   * The knife's state as the page already knows it (its details): when the page sees it move, the
   * passport and forecast are read again at once rather than at their next poll.
   */
  state?: string;
}

export const logisticsKeys = {
  all: ['logistics'] as const,
  partnerships: (side: LogisticsSide) => [...logisticsKeys.all, 'partnerships', side] as const,
  shipments: (page: number) => [...logisticsKeys.all, 'shipments', page] as const,
  inbox: () => [...logisticsKeys.all, 'inbox'] as const,
  conflicts: (side: LogisticsSide) => [...logisticsKeys.all, 'rfid-conflicts', side] as const,
  activeKnives: () => [...logisticsKeys.all, 'active-knives'] as const,
  grinderKnife: (owner: string, rfid: string) =>
    [...logisticsKeys.all, 'grinder-knife', owner, rfid] as const,
  passport: (side: LogisticsSide, knife: KnifeRef) =>
    [...logisticsKeys.all, 'passport', side, knife.owner ?? '', knife.rfid] as const,
  forecast: (side: LogisticsSide, knife: KnifeRef) =>
    [...logisticsKeys.all, 'forecast', side, knife.owner ?? '', knife.rfid] as const,
};
