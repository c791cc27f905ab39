import {
  type Installation,
  type InstallationUpdate,
  isLocale,
  type Locale,
  MAX_WARRANTY_MONTHS,
  warrantyEndsOn,
} from '@capstan/shared';

/**
 * What the register form holds: the installation payload as typed (texts, '' for a blank optional
 * field; the warranty a number, or undefined for the default). The shared schemas turn it into the
 * payload: installationInputSchema to register, installationUpdateSchema to change.
 */
export interface InstallationFormFields {
  serial: string;
  machineId: string;
  customer: {
    company: string;
    contactName: string;
    phone: string;
    email: string;
    gstin: string;
    state: string;
    address: string;
    language: Locale;
  };
  invoiceNumber: string;
  invoiceDate: string;
  commissionedOn: string;
  warrantyMonths: number | undefined;
  controlMake: string;
  notes: string;
}

/** An input's text as the warranty's months: empty is the default (undefined), anything else a number the schema checks. */
export const optionalNumber = (value: unknown): number | undefined =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

export function emptyInstallationFields(language: Locale = 'en'): InstallationFormFields {
  return {
    serial: '',
    machineId: '',
    customer: { company: '', contactName: '', phone: '', email: '', gstin: '', state: '', address: '', language },
    invoiceNumber: '',
    invoiceDate: '',
    commissionedOn: '',
    warrantyMonths: undefined,
    controlMake: '',
    notes: '',
  };
}

/** A registered machine as the form's values, to be edited. */
export function fieldsFromInstallation(installation: Installation): InstallationFormFields {
  const { customer } = installation;
  return {
    serial: installation.serial,
    machineId: installation.machineId,
    customer: {
      company: customer.company,
      contactName: customer.contactName,
      phone: customer.phone,
      email: customer.email ?? '',
      gstin: customer.gstin ?? '',
      state: customer.state ?? '',
      address: customer.address ?? '',
      language: isLocale(customer.language) ? customer.language : 'en',
    },
    invoiceNumber: installation.invoiceNumber ?? '',
    invoiceDate: installation.invoiceDate ?? '',
    commissionedOn: installation.commissionedOn,
    warrantyMonths: installation.warrantyMonths,
    controlMake: installation.controlMake ?? '',
    notes: installation.notes ?? '',
  };
}

/** Which fields staff changed, as react-hook-form's `dirtyFields` says it (a customer's by field). */
export type ChangedFields = Partial<Record<keyof InstallationFormFields, unknown>>;

/**
 * The patch of an edit: only the fields staff changed, as the update schema checked them, so a
 * field someone else changed meanwhile is kept. A customer's fields likewise, one by one.
 */
export function patchOf(update: InstallationUpdate, changed: ChangedFields): InstallationUpdate {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (key === 'customer') continue;
    if (changed[key as keyof InstallationFormFields] === true) patch[key] = value;
  }
  const changedCustomer = changed.customer;
  if (update.customer && typeof changedCustomer === 'object' && changedCustomer !== null) {
    const customer: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(update.customer)) {
      if ((changedCustomer as Record<string, unknown>)[key] === true) customer[key] = value;
    }
    if (Object.keys(customer).length > 0) patch.customer = customer;
  }
  return patch as InstallationUpdate;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The warranty's last day as the server will compute it, or null while the commissioning date or
 * the months are not a valid answer yet. An empty months field is the default.
 */
export function liveWarrantyEnd(
  commissionedOn: string | undefined,
  months: number | undefined,
  defaultMonths: number,
): string | null {
  if (!commissionedOn || !DAY.test(commissionedOn) || Number.isNaN(Date.parse(commissionedOn))) return null;
  const chosen = months === undefined ? defaultMonths : months;
  if (!Number.isInteger(chosen) || chosen < 0 || chosen > MAX_WARRANTY_MONTHS) return null;
  return warrantyEndsOn(commissionedOn, chosen);
}

/** An input's text as a required number: empty is NaN, which the schema refuses with the field's own message. */
export const requiredNumber = (value: unknown): number =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);
