/** A Mantine colour token such as `green.8` as a CSS value. */
export const chartColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
