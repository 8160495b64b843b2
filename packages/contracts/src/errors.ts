import { z } from 'zod';

/**
 * The error catalogue. Every error response carries one of these codes; the web app
 * translates codes, never server text. product.md §8 codes keep their prefixes
 * (`authentication`, `service.printing-shops`, `service.grinding-shops`, `service.knives`);
 * `validation.*` and `common.*` are Kerf's own.
 */
export const ERROR_STATUS = {
  // authentication (product.md §8)
  'authentication.INVALID_CREDENTIALS': 401,
  'authentication.INVALID_PASSWORD': 400,
  'authentication.TENANT_NOT_FOUND': 404,
  'authentication.USER_ALREADY_EXISTS': 409,
  'authentication.USER_DISABLED': 403,
  'authentication.USER_NOT_FOUND': 404,
  'authentication.TOO_MANY_ATTEMPTS': 429,
  // authentication (Kerf: tokens, sessions, permissions)
  'authentication.UNAUTHENTICATED': 401,
  'authentication.TOKEN_EXPIRED': 401,
  'authentication.TOKEN_INVALID': 401,
  'authentication.SESSION_EXPIRED': 401,
  'authentication.REFRESH_TOKEN_INVALID': 401,
  'authentication.REFRESH_TOKEN_REUSED': 401,
  'authentication.FORBIDDEN': 403,
  'authentication.ROLE_NOT_ASSIGNABLE': 403,
  'authentication.CANNOT_CHANGE_OWN_ACCOUNT': 409,
  // printing shops (product.md §8, incl. the machine codes)
  'service.printing-shops.PRINTING_SHOP_HAS_USERS': 409,
  'service.printing-shops.PRINTING_SHOP_HAS_MACHINES': 409,
  'service.printing-shops.PRINTING_SHOP_NOT_FOUND': 404,
  'service.printing-shops.SERIAL_NUMBER_NOT_FREE': 409,
  'service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED': 409,
  'service.printing-shops.USER_HAS_NO_LOCATION': 409,
  'service.printing-shops.MACHINE_NOT_FOUND': 404,
  'service.printing-shops.MACHINE_ALREADY_LICENSED': 409,
  'service.printing-shops.NO_ORDERED_LICENCE': 409,
  // printing shops (Kerf: operator terminal, ADR 0017)
  'service.printing-shops.MACHINE_STATUS_UNCHANGED': 409,
  'service.printing-shops.MACHINE_STATUS_TRANSITION_NOT_ALLOWED': 409,
  'service.printing-shops.NO_CURRENT_MACHINE': 409,
  'service.printing-shops.ORDER_NOT_FOUND': 404,
  'service.printing-shops.ORDER_NOT_OPEN': 409,
  'service.printing-shops.MACHINE_HAS_OPEN_ORDER': 409,
  'service.printing-shops.MACHINE_HAS_NO_OPEN_ORDER': 409,
  'service.printing-shops.ORDER_NAME_EDITING_NOT_ALLOWED': 409,
  'service.printing-shops.ORDER_NOT_PLANNED': 409,
  'service.printing-shops.TEAM_NOT_FOUND': 404,
  'service.printing-shops.TEAM_NAME_TAKEN': 409,
  // integrations (Kerf, issue 18)
  'service.printing-shops.API_KEY_NOT_FOUND': 404,
  'service.printing-shops.WEBHOOK_NOT_FOUND': 404,
  'service.printing-shops.WEBHOOK_URL_NOT_ALLOWED': 422,
  // notifications (Kerf, issue 18)
  'service.printing-shops.NOTIFICATION_NOT_FOUND': 404,
  // the shop-floor board (Kerf, issue 36)
  'service.printing-shops.BOARD_LINK_NOT_FOUND': 404,
  'service.printing-shops.BOARD_LINK_LIMIT': 409,
  // grinding shops (product.md §8)
  'service.grinding-shops.KNIFE_ALREADY_SHIPPED': 409,
  'service.grinding-shops.KNIFE_HAS_NO_BILLABLE_PROCESS': 409,
  'service.grinding-shops.LOCATION_NOT_FOUND': 404,
  'service.grinding-shops.MACHINE_NOT_FOUND': 404,
  'service.grinding-shops.SERIAL_NUMBER_ALREADY_USED': 409,
  'service.grinding-shops.SHOP_HAS_MACHINES': 409,
  'service.grinding-shops.USER_HAS_NO_LOCATION': 409,
  // grinding shops (Kerf, issue 32): product.md §5 "a location cannot be deleted while employees are assigned"
  'service.grinding-shops.SHOP_HAS_USERS': 409,
  // knives (product.md §8)
  'service.knives.INVALID_ARTICLE_NUMBER': 400,
  'service.knives.KNIFE_ALREADY_EXISTS': 409,
  'service.knives.KNIFE_ALREADY_SHIPPED': 409,
  'service.knives.KNIFE_HEIGHT_INCREASED': 422,
  'service.knives.KNIFE_THICKNESS_INCREASED': 422,
  'service.knives.KNIFE_IS_SCRAPPED': 409,
  'service.knives.KNIFE_NOT_FOUND': 404,
  'service.knives.TENANT_NOT_FOUND': 404,
  'service.knives.TOO_MANY_ATTEMPTS': 429,
  // knives (Kerf addition, issue 31): a grinding shop already holds another company's knife with this RFID
  'service.knives.KNIFE_RFID_HELD_FOR_ANOTHER_OWNER': 409,
  // customer service and manufacturers (Kerf, ADR 0016)
  'service.customer-service.SERVICE_AREA_NOT_FOUND': 404,
  'service.customer-service.SERVICE_AREA_NAME_TAKEN': 409,
  'service.customer-service.CUSTOMER_NOT_FOUND': 404,
  'service.customer-service.MACHINE_NOT_FOUND': 404,
  'service.customer-service.MACHINE_ACCESS_NOT_FOUND': 404,
  'service.customer-service.MACHINE_ACCESS_ACTIVE': 409,
  'service.customer-service.MANUFACTURER_NOT_FOUND': 404,
  // customer service (Kerf, issue 32): product.md §5 applied to the service area, its people's location
  'service.customer-service.SERVICE_AREA_HAS_USERS': 409,
  // knives (Kerf: the knife server's public website calls, product.md §7 "Knife server")
  'service.knives.TENANT_ID_TAKEN': 409,
  'service.knives.CAPTCHA_INVALID': 400,
  'service.knives.REGISTRATION_TOKEN_INVALID': 401,
  'service.knives.INVOICE_NOT_FOUND': 404,
  // validation (Kerf): details.fields names each offending field
  'validation.INVALID_INPUT': 400,
  'validation.MALFORMED_BODY': 400,
  // common (Kerf)
  'common.NOT_FOUND': 404,
  'common.METHOD_NOT_ALLOWED': 405,
  'common.PAYLOAD_TOO_LARGE': 413,
  'common.UNSUPPORTED_MEDIA_TYPE': 415,
  'common.RATE_LIMITED': 429,
  'common.INTERNAL_ERROR': 500,
  'common.SERVICE_UNAVAILABLE': 503,
  // a statement ran over its time budget and was cancelled (issue 30); details.requestId
  'common.TIMEOUT': 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
export const ErrorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

/**
 * Field-level problems inside `validation.INVALID_INPUT`. The web app shows them under the field,
 * using the same codes for the same rules that its forms check before sending.
 */
export const FIELD_ERROR_CODES = [
  'REQUIRED',
  'INVALID_TYPE',
  'INVALID_FORMAT',
  'INVALID_VALUE',
  'INVALID_EMAIL',
  'TOO_SHORT',
  'TOO_LONG',
  'TOO_SMALL',
  'TOO_BIG',
  'UNKNOWN_FIELD',
  'NOT_EQUAL',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_NEEDS_LOWERCASE',
  'PASSWORD_NEEDS_UPPERCASE',
  'PASSWORD_NEEDS_DIGIT',
  'PASSWORD_NEEDS_SPECIAL',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_CONTAINS_CONTEXT',
  'USERNAME_FORMAT',
  'INVALID_IP_CONFIGURATION',
  'INVALID_PHONE',
  'DIGITS_ONLY',
  'NO_SPECIAL_CHARACTERS',
  'CONTROL_CHARACTERS',
  'INVALID_UNICODE',
  /** an import row names something that does not exist (a machine serial) */
  'NOT_FOUND',
  /** an import names the same key (order number) twice; a shift calendar the same holiday date twice */
  'DUPLICATE',
  /** a shift calendar (issue 36): the time zone is no IANA zone this server knows */
  'UNKNOWN_TIME_ZONE',
  /** a shift calendar: a shift ends when it starts (it would last no time, or a whole day) */
  'END_EQUALS_START',
  /** an order close (issue 36): the rejected cuts recorded are more than the order's cuts */
  'REJECTS_EXCEED_CUTS',
  /** a shift calendar: a shift overlaps another one of the weekly pattern (night shifts included) */
  'SHIFTS_OVERLAP',
  /** a shift calendar: a planned break does not lie wholly inside its shift */
  'BREAK_OUTSIDE_SHIFT',
  /** a shift calendar: two planned breaks of one shift overlap */
  'BREAKS_OVERLAP',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
export const FieldErrorCodeSchema = z.enum(FIELD_ERROR_CODES);

export const FieldErrorSchema = z.object({
  /** dotted path of the field, e.g. `password` or `machines.0.serialNumber` */
  field: z.string(),
  /** where the field was sent: body, query, params or headers */
  in: z.enum(['body', 'query', 'params', 'headers']),
  code: FieldErrorCodeSchema,
  /** bound of a length or size rule, when there is one */
  limit: z.number().optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorResponseSchema = z
  .object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z
      .object({
        fields: z.array(FieldErrorSchema).optional(),
        retryAfterSeconds: z.number().int().optional(),
        /** sign-in (issue 31): a solved captcha lets the attempt through this lock */
        captchaRequired: z.boolean().optional(),
        requestId: z.string().optional(),
        /**
         * A delete refused because people are still assigned (issue 32): how many, and the names of
         * the first ten, so the message can say who is still there.
         */
        assigned: z.object({ count: z.number().int().min(1), names: z.array(z.string()).max(10) }).optional(),
      })
      .optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}

/** Issues that, on an empty value, mean "nothing entered" rather than "entered wrongly". */
const EMPTY_MEANS_MISSING = new Set(['invalid_format', 'invalid_value', 'invalid_type', 'too_small']);

/**
 * Maps one zod issue to the field-level code a form shows. Shared by server and web forms. `input`,
 * when the caller has it, is the field's value: an empty one that breaks a format ("SM-0001") or a
 * choice is `REQUIRED` — the user left it out; "Invalid format" would send them looking for a typo.
 */
export function fieldErrorFromIssue(
  issue: z.core.$ZodIssue,
  input?: unknown,
): { code: FieldErrorCode; limit?: number } {
  if (issue.code === 'custom' && (FIELD_ERROR_CODES as readonly string[]).includes(issue.message)) {
    return { code: issue.message as FieldErrorCode };
  }
  if (typeof input === 'string' && input.trim() === '' && EMPTY_MEANS_MISSING.has(issue.code)) {
    return { code: 'REQUIRED' };
  }
  switch (issue.code) {
    case 'invalid_type': {
      // zod 4 leaves `input` out of issues unless asked; its default message names what was received.
      const isMissing =
        'input' in issue ? issue.input === undefined : /received undefined/.test(issue.message);
      return { code: isMissing ? 'REQUIRED' : 'INVALID_TYPE' };
    }
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return limit <= 1 ? { code: 'REQUIRED' } : { code: 'TOO_SHORT', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'TOO_SHORT', limit };
      return { code: 'TOO_SMALL', limit };
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return { code: 'TOO_LONG', limit };
      }
      return { code: 'TOO_BIG', limit };
    }
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'INVALID_EMAIL' : 'INVALID_FORMAT' };
    case 'unrecognized_keys':
      return { code: 'UNKNOWN_FIELD' };
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return { code: 'INVALID_VALUE' };
    default:
      return { code: 'INVALID_VALUE' };
  }
}
