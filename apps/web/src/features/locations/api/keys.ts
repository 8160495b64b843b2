export const locationKeys = {
  all: ['locations'] as const,
  lists: () => [...locationKeys.all, 'list'] as const,
  list: (query: object) => [...locationKeys.lists(), query] as const,
  minimal: () => [...locationKeys.all, 'minimal'] as const,
  detail: (id: string) => [...locationKeys.all, 'detail', id] as const,
  machines: (id: string) => [...locationKeys.detail(id), 'machines'] as const,
  employees: (id: string) => [...locationKeys.detail(id), 'employees'] as const,
  options: (id: string) => [...locationKeys.detail(id), 'options'] as const,
};
