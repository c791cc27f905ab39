import { http, HttpResponse } from 'msw';
import { type Locale, type MeResponse, ROLE_PERMISSIONS, type StaffRole } from '@capstan/shared';

export function buildMe(role: StaffRole = 'owner', locale: Locale = 'en'): MeResponse {
  return {
    user: { id: `${role}-id`, email: `${role}@example.com`, username: role },
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    locale,
  };
}

/** GET /api/auth/me as a signed-in `role` (who chose `locale`): what the back office shows depends on it. */
export function meHandler(role: StaffRole = 'owner', locale: Locale = 'en') {
  return http.get('/api/auth/me', () => HttpResponse.json(buildMe(role, locale)));
}
