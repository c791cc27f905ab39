import { Search } from 'lucide-react';
import { LIST_SEARCH_MAX_LENGTH } from '@capstan/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminT } from '@/lib/i18n/admin';

interface ListSearchProps {
  id: string;
  /** The accessible name, e.g. 'Search machines'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above an admin list; the list searches on the server (`q`). */
export function ListSearch({ id, label, value, onChange }: ListSearchProps) {
  const { t } = useAdminT();
  return (
    // Not a <form>: Enter must not submit anything, the list already follows the typing.
    <div role="search" className="relative w-full sm:max-w-sm">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('adminCatalogue.searchPlaceholder')}
        autoComplete="off"
        // The server answers a longer q with 400.
        maxLength={LIST_SEARCH_MAX_LENGTH}
        className="pl-9"
      />
    </div>
  );
}
