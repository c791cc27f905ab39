import { Label } from '@/components/ui/label';
import { machineLabel, useMachineCategories, useMachineChoices } from '../api/get-catalogue-filters';
import type { CatalogueTab } from '../lib/catalogue-items';

const selectClass =
  'h-10 w-full min-w-0 rounded-md sm:w-auto sm:max-w-xs border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

type CatalogueFiltersProps = {
  tab: CatalogueTab;
  category: string | undefined;
  machine: string | undefined;
  onCategoryChange: (category: string | null) => void;
  onMachineChange: (machine: string | null) => void;
};

/** Issue 19: the machines tab filters by category, the spare-parts tab by the machine the parts fit. */
export function CatalogueFilters({ tab, category, machine, onCategoryChange, onMachineChange }: CatalogueFiltersProps) {
  const categories = useMachineCategories(tab === 'machines');
  const machines = useMachineChoices(tab === 'spares');
  if (tab === 'machines') {
    return (
      <div className="flex w-full min-w-0 items-center gap-3 sm:w-auto">
        <Label htmlFor="catalogue-category" className="shrink-0">
          Category
        </Label>
        <select
          id="catalogue-category"
          value={category ?? ''}
          onChange={(event) => onCategoryChange(event.target.value || null)}
          className={selectClass}
        >
          <option value="">All machines</option>
          {(categories.data ?? []).map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name} ({option.machineCount.toLocaleString('en-IN')})
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (tab === 'spares') {
    return (
      <div className="flex w-full min-w-0 items-center gap-3 sm:w-auto">
        <Label htmlFor="catalogue-machine" className="shrink-0">
          For machine
        </Label>
        <select
          id="catalogue-machine"
          value={machine ?? ''}
          onChange={(event) => onMachineChange(event.target.value || null)}
          className={selectClass}
        >
          <option value="">All machines</option>
          {(machines.data ?? []).map((option) => (
            <option key={option.id} value={option.id}>
              {option.code && !option.name.includes(option.code) ? `${option.name} (${option.code})` : option.name}
            </option>
          ))}
          {machine !== undefined && machines.data && !machines.data.some((option) => option.id === machine) ? (
            <option value={machine}>This machine</option>
          ) : null}
        </select>
      </div>
    );
  }
  return null;
}

/** "Parts for NP-38": the machine the spare parts are narrowed to, by code or name. */
export function useMachineFilterLabel(machine: string | undefined): string | null {
  const machines = useMachineChoices(machine !== undefined);
  if (machine === undefined) return null;
  const found = machines.data?.find((option) => option.id === machine);
  return found ? machineLabel(found) : 'this machine';
}
