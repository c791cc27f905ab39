import {
  type AmcContract,
  amcStatus,
  type AmcVisit,
  amcVisitsLeft,
  currentAmcContract,
  DEFAULT_LOCALE,
  type Installation,
  isGstStateCode,
  isLocale,
  paiseToRupees,
  type PartUsed,
} from '@capstan/shared';
import type { AmcContractRow, AmcVisitRow } from './amc-contracts.repository';
import type { InstallationRow } from './installations.repository';

// Row → answer, one function per entity: the register’s machine, its contracts and their visits.

/** The machine; with its contracts, also the `amc` summary a row of the list shows. */
export function toInstallation(
  row: InstallationRow,
  amc?: { contracts: readonly AmcContract[]; today: string },
): Installation {
  return {
    id: row.id,
    serial: row.serial,
    machineId: row.machine_id,
    model: row.model_name,
    customer: {
      company: row.company,
      contactName: row.contact_name,
      phone: row.phone,
      email: row.email,
      gstin: row.gstin,
      state: isGstStateCode(row.state) ? row.state : null,
      address: row.address,
      language: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    },
    invoiceNumber: row.invoice_number,
    invoiceDate: row.invoice_date,
    commissionedOn: row.commissioned_on,
    warrantyMonths: row.warranty_months,
    warrantyEndsOn: row.warranty_ends_on,
    controlMake: row.control_make,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(amc === undefined ? {} : { amc: amcSummary(amc.contracts, amc.today) }),
  };
}

/** What a row of the list says of the machine's AMC: its current (or latest) contract. */
function amcSummary(contracts: readonly AmcContract[], today: string): Installation['amc'] {
  const current = currentAmcContract(contracts, today);
  return current ? { status: current.status, endsOn: current.endsOn, visitsLeft: amcVisitsLeft(current) } : null;
}

export function toAmcVisit(row: AmcVisitRow): AmcVisit {
  return {
    id: row.id,
    contractId: row.contract_id,
    visitedOn: row.visited_on,
    engineerId: row.engineer_id,
    engineerName: row.engineer_name,
    notes: row.notes,
    partsUsed: JSON.parse(row.parts_used) as PartUsed[],
    createdAt: row.created_at,
  };
}

/** The contract with its visits (newest first) and its status on `today` (India). */
export function toAmcContract(row: AmcContractRow, visits: readonly AmcVisitRow[], today: string): AmcContract {
  return {
    id: row.id,
    installationId: row.installation_id,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    visitsIncluded: row.visits_included,
    visitsDone: visits.length,
    value: row.value_paise === null ? null : paiseToRupees(Number(row.value_paise)),
    notes: row.notes,
    status: amcStatus({ startsOn: row.starts_on, endsOn: row.ends_on }, today),
    visits: visits.map(toAmcVisit),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
