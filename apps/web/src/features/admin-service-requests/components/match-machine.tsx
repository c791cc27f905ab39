import { useEffect, useId, useState } from 'react';
import { Link2 } from 'lucide-react';
import type { ServiceRequest } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useInstallationSearch } from '../api/search-installations';
import { useFlowStep } from './flow-actions';

/** Typing settles for this long before the register is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * An unregistered request (a serial the register does not know, mistyped or never entered) matched
 * by hand to a machine of the register, found by its serial or the customer's phone.
 */
export function MatchMachine({ request }: { request: ServiceRequest }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const searchId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const results = useInstallationSearch(q);
  const { run, busy } = useFlowStep(request, setRefused);
  const found = results.data?.installations ?? [];

  return (
    <div className="grid gap-3 rounded-md border border-dashed p-3">
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>{t('adminService.matchSearch')}</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          autoComplete="off"
          placeholder={t('adminService.matchSearchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {q === '' ? null : results.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('adminService.searching')}
        </p>
      ) : results.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('adminService.searchFailed')}
        </p>
      ) : found.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('adminService.noMachineMatch', { q })}
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t('adminService.machineResults')}>
          {found.map((installation) => (
            <li
              key={installation.id}
              className="flex flex-col gap-2 rounded-md border p-2 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="min-w-0">
                <span className="block font-mono">{installation.serial}</span>
                <span className="block text-xs break-words text-muted-foreground">
                  {installation.model} · {installation.customer.company} · {installation.customer.phone}
                </span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={busy}
                aria-label={t('adminService.matchTo', { serial: installation.serial })}
                onClick={() => {
                  setRefused(null);
                  run(
                    { installationId: installation.id },
                    t('adminService.matchedToast', { serial: installation.serial }),
                  );
                }}
              >
                <Link2 aria-hidden="true" /> {t('adminService.match')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div role="alert" className="text-sm text-destructive empty:hidden">
        {refused ? refusal(refused) : null}
      </div>
    </div>
  );
}
