import { getCaptchaChallenge } from '@kerf/contracts';
import { api } from '../../../lib/api';

/** A fresh captcha challenge for each attempt: read outside the query cache, a challenge is used once. */
export const fetchCaptchaChallenge = () => api(getCaptchaChallenge);
