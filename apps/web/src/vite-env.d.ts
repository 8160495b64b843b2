/// <reference types="vite/client" />

/** One part of a catalogue (catalogue-parts.plugin.ts). */
declare module '*.json?part=public' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=staff' {
  const part: Record<string, unknown>;
  export default part;
}
