import { useDeferredValue, useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminT } from '@/lib/i18n/admin';
import { useMachineSearch, useMachinesByIds, type MachineOption } from '../api/machine-options';

type FitsFieldProps = {
  /** The machine ids the part fits, in the order chosen. */
  value: string[];
  onChange: (ids: string[]) => void;
};

const label = (machine: MachineOption) => (machine.code ? `${machine.name} (${machine.code})` : machine.name);

/**
 * The machines a spare part fits (decision 031: buyers search parts by the machine they own). Staff search machines by name or code and add or
 * remove them; the saved list is sent as `fits` (machine ids).
 */
export function FitsField({ value, onChange }: FitsFieldProps) {
  const { t } = useAdminT();
  const id = useId();
  const [term, setTerm] = useState('');
  const search = useMachineSearch(useDeferredValue(term.trim()));
  // Names for the machines chosen before this visit; ones added now are remembered from the search.
  const stored = useMachinesByIds(value);
  const [added, setAdded] = useState<MachineOption[]>([]);
  const known = new Map<string, MachineOption>();
  for (const machine of [...(stored.data ?? []), ...added]) known.set(machine.id, machine);

  const chosen = new Set(value);
  const add = (machine: MachineOption) => {
    setAdded((current) => [...current, machine]);
    onChange([...value, machine.id]);
  };
  const remove = (machineId: string) => onChange(value.filter((other) => other !== machineId));
  const offered = (search.data ?? []).filter((machine) => !chosen.has(machine.id));

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium">{t('adminItemForms.fits')}</legend>
      <p className="text-sm text-muted-foreground">{t('adminItemForms.fitsHelp')}</p>
      {value.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('adminItemForms.noMachinesChosen')}</p>
      ) : (
        <ul aria-label={t('adminItemForms.fitsList')} className="flex flex-wrap gap-2">
          {value.map((machineId) => {
            const machine = known.get(machineId);
            const text = machine
              ? label(machine)
              : stored.isPending
                ? t('ui.loading')
                : t('adminItemForms.unknownMachine');
            return (
              <li
                key={machineId}
                className="flex max-w-full min-w-0 items-center gap-1 rounded-full border bg-muted/50 py-0.5 pr-0.5 pl-3 text-sm"
              >
                <span className="min-w-0 truncate">{text}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7 shrink-0 rounded-full"
                  aria-label={t('adminItemForms.removeMachine', { machine: text })}
                  onClick={() => remove(machineId)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="space-y-2">
        <Label htmlFor={`${id}-search`}>{t('adminItemForms.findMachine')}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t('adminItemForms.findMachinePlaceholder')}
          autoComplete="off"
        />
      </div>
      <ul
        aria-label={t('adminItemForms.machinesFound')}
        className="max-h-56 divide-y overflow-y-auto rounded-md border"
      >
        {offered.length === 0 ? (
          <li className="px-3 py-2 text-sm text-muted-foreground">
            {search.isPending ? t('ui.loading') : t('adminItemForms.noOtherMachines')}
          </li>
        ) : (
          offered.map((machine) => (
            <li key={machine.id} className="flex min-w-0 items-center justify-between gap-2 px-3 py-1.5 text-sm">
              <span className="min-w-0 truncate">{label(machine)}</span>
              <Button
                variant="outline"
                size="sm"
                aria-label={t('adminItemForms.addMachine', { machine: label(machine) })}
                onClick={() => add(machine)}
                className="shrink-0"
              >
                <Plus aria-hidden="true" />
                {t('adminItemForms.add')}
              </Button>
            </li>
          ))
        )}
      </ul>
    </fieldset>
  );
}
