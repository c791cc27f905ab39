import { http, HttpResponse } from 'msw';
import { type MeResponse, ROLE_PERMISSIONS, type StaffRole } from '@capstan/shared';

export function buildMe(role: StaffRole = 'owner'): MeResponse {
  return {
    user: { id: `${role}-id`, email: `${role}@example.com`, username: role },
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
  };
}

/** GET /api/auth/me as a signed-in `role`: what the back office shows depends on it. */
export function meHandler(role: StaffRole = 'owner') {
  return http.get('/api/auth/me', () => HttpResponse.json(buildMe(role)));
}
