import { ERROR_STATUS, type ErrorCode, type ErrorResponse, type FieldError } from '@kerf/contracts';

/** English texts for API consumers; the web app shows its own translation of the code. */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  'authentication.INVALID_CREDENTIALS': 'The credentials entered are invalid.',
  'authentication.INVALID_PASSWORD': 'The password is incorrect.',
  'authentication.TENANT_NOT_FOUND': 'Client not found.',
  'authentication.USER_ALREADY_EXISTS': 'A user with this username already exists.',
  'authentication.USER_DISABLED': 'This user has been deactivated.',
  'authentication.USER_NOT_FOUND': 'The user does not exist.',
  'authentication.TOO_MANY_ATTEMPTS': 'Too many login attempts. Please try again later.',
  'authentication.UNAUTHENTICATED': 'Sign-in required.',
  'authentication.TOKEN_EXPIRED': 'The access token has expired.',
  'authentication.TOKEN_INVALID': 'The access token is invalid.',
  'authentication.SESSION_EXPIRED': 'The session has ended. Please sign in again.',
  'authentication.REFRESH_TOKEN_INVALID': 'The refresh token is invalid.',
  'authentication.REFRESH_TOKEN_REUSED': 'The refresh token was already used; the session has been ended.',
  'authentication.FORBIDDEN': 'You are not allowed to do this.',
  'authentication.ROLE_NOT_ASSIGNABLE': 'You cannot assign or manage this role.',
  'authentication.CANNOT_CHANGE_OWN_ACCOUNT':
    'You cannot delete, deactivate or change the role of your own account.',
  'service.grinding-shops.SHOP_HAS_USERS':
    'Employees are still assigned to this location (details.assigned names them). Move or remove them first.',
  'service.customer-service.SERVICE_AREA_HAS_USERS':
    'Employees still work in this service area (details.assigned names them). Move them to another area first.',
  'validation.INVALID_INPUT': 'Some fields are invalid.',
  'validation.MALFORMED_BODY': 'The request body is not valid JSON.',
  'common.NOT_FOUND': 'Not found.',
  'common.METHOD_NOT_ALLOWED': 'Method not allowed.',
  'common.PAYLOAD_TOO_LARGE': 'The request body is too large.',
  'common.UNSUPPORTED_MEDIA_TYPE': 'Unsupported content type.',
  'common.RATE_LIMITED': 'Too many requests. Please try again later.',
  'common.INTERNAL_ERROR': 'An error occurred.',
  'common.SERVICE_UNAVAILABLE': 'The service is temporarily unavailable.',
  'common.TIMEOUT': 'The request took longer than its time budget and was stopped.',
};

export function messageOf(code: ErrorCode): string {
  return MESSAGES[code] ?? code.split('.').at(-1)!.replaceAll('_', ' ').toLowerCase();
}

/** An expected failure with a catalogue code; the error handler turns it into `{code, message, details}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorResponse['details'];
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { details?: ErrorResponse['details']; headers?: Record<string, string> } = {},
  ) {
    super(messageOf(code));
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  static fields(fields: FieldError[]): AppError {
    return new AppError('validation.INVALID_INPUT', { details: { fields } });
  }

  static tooManyAttempts(
    code: 'authentication.TOO_MANY_ATTEMPTS' | 'common.RATE_LIMITED',
    retryAfterSeconds: number,
    extra: { captchaRequired?: boolean } = {},
  ) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(code, {
      details: { retryAfterSeconds: seconds, ...extra },
      headers: { 'retry-after': String(seconds) },
    });
  }
}

/** PostgreSQL unique violation on the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint))) return true;
    current = e.cause;
  }
  return false;
}
