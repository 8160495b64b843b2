/** The operator area's start, where a terminal's login returns. */
export const HOME = '/operator';
