import { z } from 'zod';
import type { FieldErrorCode } from './errors';

/**
 * Text that people type (names, addresses, order names, messages, search terms) goes through one of
 * the schemas here, so every field refuses the same characters with the same field codes:
 *
 * - `text()` for stored text: normalised to NFC, trimmed, refused with `CONTROL_CHARACTERS` when it
 *   holds a control character (C0, DEL, C1; tab and line feed only in multi-line text) and with
 *   `INVALID_UNICODE` when it holds a lone surrogate (which no database column can store). It always
 *   carries an explicit maximum length, counted like the browser's `maxlength` (UTF-16 code units)
 *   after normalising and trimming.
 * - `searchText()` for search terms in query strings: the same cleaning, but control characters and
 *   lone surrogates become spaces instead of errors, so a pasted term still searches.
 * - `secretText()` for passwords and tokens: neither trimmed nor normalised (every character counts),
 *   but control characters and lone surrogates are refused all the same.
 * - `identifier()` marks a string with its own grammar (serial number, RFID, tenant id, username,
 *   phone, IP address …) whose pattern already decides which characters it takes.
 *
 * A contracts test walks every route's body, query and params and fails on a string schema that is
 * none of these (or a string format such as `z.email()` / `z.uuid()`), so a new module cannot forget.
 */

/** C0 controls, DEL and C1 controls. */
const CONTROL = /\p{Cc}/u;
/** The same, without tab and line feed (multi-line text keeps those). */
const CONTROL_EXCEPT_TAB_NEWLINE = /[^\P{Cc}\t\n]/u;
const CONTROL_GLOBAL = /\p{Cc}/gu;
/** With the `u` flag a surrogate class matches only surrogates that are not part of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const LONE_SURROGATE_GLOBAL = /[\uD800-\uDFFF]/gu;

/** True when the string holds a control character (multi-line: other than tab and line feed). */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_TAB_NEWLINE : CONTROL).test(value);
}

/** True when the string holds a UTF-16 surrogate that is not part of a pair. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** What `text()` stores for an accepted input: NFC, line breaks as `\n` in multi-line text, trimmed. */
export function normaliseText(value: string, multiline = false): string {
  const normalised = value.normalize('NFC');
  return (multiline ? normalised.replace(/\r\n?/g, '\n') : normalised).trim();
}

export type TextKind = 'text' | 'search' | 'secret' | 'identifier';
const kinds = new WeakMap<z.ZodType, TextKind>();

/** Which of the text schemas a string schema is; undefined for a bare `z.string()`. */
export function textKindOf(schema: z.ZodType): TextKind | undefined {
  return kinds.get(schema);
}

function mark<T extends z.ZodType>(schema: T, kind: TextKind): T {
  kinds.set(schema, kind);
  return schema;
}

export interface TextOptions {
  /** most characters (UTF-16 code units, like the browser's `maxlength`) after trimming */
  max: number;
  /** fewest characters after trimming; 1 makes the field required (`REQUIRED` when empty) */
  min?: number;
  /** keeps tab and line breaks (messages, notes); line breaks are stored as `\n` */
  multiline?: boolean;
  /** an extra rule on the normalised text, with the field code shown when it fails */
  pattern?: { regex: RegExp; code: FieldErrorCode };
}

/** Stored text a person types. See the module comment for what it accepts. */
export function text(options: TextOptions) {
  const { max, min = 0, multiline = false, pattern } = options;
  let schema = z
    .string()
    .normalize('NFC')
    .overwrite((value) => (multiline ? value.replace(/\r\n?/g, '\n') : value))
    .trim()
    .refine((value) => !hasLoneSurrogate(value), { message: 'INVALID_UNICODE' })
    .refine((value) => !hasControlCharacter(value, multiline), { message: 'CONTROL_CHARACTERS' });
  if (min > 0) schema = schema.min(min);
  schema = schema.max(max);
  if (pattern) schema = schema.refine((value) => pattern.regex.test(value), { message: pattern.code });
  return mark(schema, 'text');
}

/**
 * A search term: normalised and trimmed like `text()`, with control characters and lone surrogates
 * replaced by spaces (never sent on to the database), and a maximum length.
 */
export function searchText(max: number) {
  return mark(
    z
      .string()
      .overwrite((value) =>
        value.replace(LONE_SURROGATE_GLOBAL, ' ').normalize('NFC').replace(CONTROL_GLOBAL, ' ').trim(),
      )
      .max(max),
    'search',
  );
}

/** A password or token: kept exactly as sent, but without control characters or lone surrogates. */
export function secretText(options: { max: number; min?: number }) {
  const { max, min = 0 } = options;
  let schema = z
    .string()
    .refine((value) => !hasLoneSurrogate(value), { message: 'INVALID_UNICODE' })
    .refine((value) => !hasControlCharacter(value), { message: 'CONTROL_CHARACTERS' });
  if (min > 0) schema = schema.min(min);
  return mark(schema.max(max), 'secret');
}

/** Marks a password-like schema that refuses control characters and lone surrogates its own way. */
export function secret<T extends z.ZodType<string, string>>(schema: T): T {
  return mark(schema, 'secret');
}

/** Marks a string schema whose own grammar decides which characters it takes. */
export function identifier<T extends z.ZodType<string, string>>(schema: T): T {
  return mark(schema, 'identifier');
}
