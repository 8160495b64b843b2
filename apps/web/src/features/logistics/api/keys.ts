/** Which side of a partnership the screen is on: the printing shop that owns the knives, or the grinding shop. */
export type LogisticsSide = 'owner' | 'grinder';

export const logisticsKeys = {
  all: ['logistics'] as const,
  partnerships: (side: LogisticsSide) => [...logisticsKeys.all, 'partnerships', side] as const,
  shipments: (page: number) => [...logisticsKeys.all, 'shipments', page] as const,
  inbox: () => [...logisticsKeys.all, 'inbox'] as const,
  activeKnives: () => [...logisticsKeys.all, 'active-knives'] as const,
  grinderKnife: (rfid: string) => [...logisticsKeys.all, 'grinder-knife', rfid] as const,
  passport: (side: LogisticsSide, rfid: string) => [...logisticsKeys.all, 'passport', side, rfid] as const,
  forecast: (side: LogisticsSide, rfid: string) => [...logisticsKeys.all, 'forecast', side, rfid] as const,
};
