export const knifeKeys = {
  all: ['knives'] as const,
  list: (query: object) => [...knifeKeys.all, 'list', query] as const,
  minimal: () => [...knifeKeys.all, 'minimal'] as const,
  details: (rfid: string) => [...knifeKeys.all, 'details', rfid] as const,
  cycles: (rfid: string) => [...knifeKeys.all, 'cycles', rfid] as const,
  events: (rfid: string, page: number) => [...knifeKeys.all, 'events', rfid, page] as const,
};
