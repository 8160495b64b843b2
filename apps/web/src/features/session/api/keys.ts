export const sessionKeys = {
  all: ['session'] as const,
  self: () => [...sessionKeys.all, 'self'] as const,
};
