import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n';
import { machineLabel, useMachineChoices } from '../api/get-catalogue-filters';

const selectClass =
  'h-10 w-full min-w-0 rounded-md sm:w-auto sm:max-w-xs border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

type MachineFilterProps = {
  machine: string | null;
  onMachineChange: (machine: string | null) => void;
};

/**
 * The spare-parts tab narrowed to the parts that fit one machine. (The machines tab's
 * category is in the filter panel, with the counts its facets give.)
 */
export function MachineFilter({ machine, onMachineChange }: MachineFilterProps) {
  const { t } = useT();
  const machines = useMachineChoices(true);
  return (
    <div className="flex w-full min-w-0 items-center gap-3 sm:w-auto">
      <Label htmlFor="catalogue-machine" className="shrink-0">
        {t('catalogue.forMachine')}
      </Label>
      <select
        id="catalogue-machine"
        name="machine"
        value={machine ?? ''}
        onChange={(event) => onMachineChange(event.target.value || null)}
        className={selectClass}
      >
        <option value="">{t('catalogue.allMachines')}</option>
        {(machines.data ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            {option.code && !option.name.includes(option.code) ? `${option.name} (${option.code})` : option.name}
          </option>
        ))}
        {machine !== null && machines.data && !machines.data.some((option) => option.id === machine) ? (
          <option value={machine}>{t('catalogue.thisMachine')}</option>
        ) : null}
      </select>
    </div>
  );
}

/** "Parts for NP-38": the machine the spare parts are narrowed to, by code or name. */
export function useMachineFilterLabel(machine: string | null): string | null {
  const { t } = useT();
  const machines = useMachineChoices(machine !== null);
  if (machine === null) return null;
  const found = machines.data?.find((option) => option.id === machine);
  return found ? machineLabel(found) : t('catalogue.thisMachineInText');
}
