import { type MachineChoice, machineChoicesQuery, useMachineChoices } from '@/lib/machine-choices';

// The query is shared with the review form's machine choice (lib/machine-choices.ts).
export { type MachineChoice, machineChoicesQuery, useMachineChoices };

/** How a machine is named in the filter: its code when it has one ("Parts for NP-38"), else its name. */
export const machineLabel = (machine: MachineChoice) => machine.code ?? machine.name;
