import type { ReactNode } from 'react';
import type { Permission } from '@capstan/shared';
import { LoadingStatus } from '@/components/query-state';
import { useMe } from '@/hooks/use-can';

export const NOT_FOR_YOUR_ROLE = 'Your role does not include this page. Please ask an owner if you need it.';

/** A screen only some roles may use: the others (who reach it by URL) are told so plainly. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingStatus />;
  if (!me.data?.permissions.includes(permission)) {
    return (
      <p role="alert" className="rounded-lg border bg-background p-6 text-muted-foreground">
        {me.isError ? 'Could not check what your role may do. Please reload the page.' : NOT_FOR_YOUR_ROLE}
      </p>
    );
  }
  return children;
}
