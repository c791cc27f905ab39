import { type AmcContract, indianToday, warrantyEndsOn } from '@capstan/shared';

/** An AMC contract as its form holds it (amcContractInputSchema's fields, as typed). */
export interface AmcContractFields {
  startsOn: string;
  endsOn: string;
  /** Undefined until typed: the schema then says what the field needs. */
  visitsIncluded: number | undefined;
  value: number | undefined;
  notes: string;
}

/** A visit as its form holds it (amcVisitInputSchema's fields, as typed). */
export interface AmcVisitFields {
  visitedOn: string;
  engineerId: string;
  engineerName: string;
  notes: string;
  partsUsed: { itemId: string; description: string; quantity: number }[];
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * A new contract's first guess: a year from the day cover would otherwise end (the day after the
 * warranty or the last contract, when that is still to come; else today), visits left to staff.
 */
export function newContractFields(
  installation: { warrantyEndsOn: string; amcContracts: readonly Pick<AmcContract, 'endsOn'>[] },
  today: string = indianToday(),
): AmcContractFields {
  const candidates = [
    today,
    dayAfter(installation.warrantyEndsOn),
    ...installation.amcContracts.map((c) => dayAfter(c.endsOn)),
  ];
  const startsOn = candidates.reduce((latest, day) => (day > latest ? day : latest));
  return { startsOn, endsOn: warrantyEndsOn(startsOn, 12), visitsIncluded: undefined, value: undefined, notes: '' };
}

export function contractFields(contract: AmcContract): AmcContractFields {
  return {
    startsOn: contract.startsOn,
    endsOn: contract.endsOn,
    visitsIncluded: contract.visitsIncluded,
    value: contract.value ?? undefined,
    notes: contract.notes ?? '',
  };
}

export function newVisitFields(today: string = indianToday()): AmcVisitFields {
  return { visitedOn: today, engineerId: '', engineerName: '', notes: '', partsUsed: [] };
}
