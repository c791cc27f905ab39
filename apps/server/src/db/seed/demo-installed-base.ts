import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addMonths, indianToday, type Locale, normalizeSerial, phoneDigits, warrantyEndsOn } from '@capstan/shared';
import { nextServiceReference } from '../../modules/service-requests/service-request-numbering';
import type { AppContext } from '../../app-context';
import type { Database } from '../schema';
import { writeTransaction } from '../write-transaction';

type SeedContext = Pick<AppContext, 'db' | 'dialect'>;

/**
 * A demo register of installed machines (issue 40) beside the demo catalogue, so a first start
 * shows the after-sales screens at work: machines in and out of warranty, AMC contracts (one
 * ending soon, with visits), and service requests at several steps. Seeded only together with the
 * demo catalogue (an empty site), never into a register staff have started. Dates are relative to
 * the day of seeding; addresses are example.com ones, so no reminder reaches a real person.
 */

interface DemoMachine {
  serial: string;
  model: string;
  company: string;
  contactName: string;
  phone: string;
  state: string;
  address: string;
  locale: Locale;
  /** Months before the seeding day it was commissioned. */
  commissionedMonthsAgo: number;
  controlMake: string | null;
  /** An AMC contract: months since it started (12-month contracts). */
  amcStartedMonthsAgo?: number;
  amcVisitsDone?: number;
}

const DEMO_MACHINES: readonly DemoMachine[] = [
  {
    serial: 'NP25-2311-0412',
    model: 'NP-25',
    company: 'Sri Murugan Precision Works',
    contactName: 'K. Senthil Kumar',
    phone: '+91 98430 21456',
    state: '33',
    address: 'SIDCO Industrial Estate, Kurichi, Coimbatore 641021',
    locale: 'ta',
    commissionedMonthsAgo: 5,
    controlMake: null,
  },
  {
    serial: 'NPCL160-2402-0087',
    model: 'NP-CL160',
    company: 'Shree Ganesh Auto Components',
    contactName: 'Rakesh Patel',
    phone: '+91 98250 33871',
    state: '24',
    address: 'GIDC Lodhika, Metoda, Rajkot 360021',
    locale: 'hi',
    commissionedMonthsAgo: 23,
    controlMake: 'Fanuc',
  },
  {
    serial: 'NPTC200-2209-0031',
    model: 'NP-TC200',
    company: 'Deccan Hydraulics Pvt Ltd',
    contactName: 'Anjali Kulkarni',
    phone: '+91 99220 41873',
    state: '27',
    address: 'Plot 14, Bhosari MIDC, Pune 411026',
    locale: 'en',
    commissionedMonthsAgo: 38,
    controlMake: 'Siemens',
    amcStartedMonthsAgo: 11,
    amcVisitsDone: 3,
  },
  {
    serial: 'NP38-2105-0219',
    model: 'NP-38',
    company: 'Punjab Fasteners',
    contactName: 'Gurpreet Singh',
    phone: '+91 98140 52290',
    state: '03',
    address: 'Focal Point Phase 8, Ludhiana 141010',
    locale: 'hi',
    commissionedMonthsAgo: 66,
    controlMake: null,
    amcStartedMonthsAgo: 4,
    amcVisitsDone: 1,
  },
  {
    serial: 'NPSL250-2403-0114',
    model: 'NP-SL250',
    company: 'Chennai Turned Parts',
    contactName: 'M. Lakshmi',
    phone: '+91 94440 18823',
    state: '33',
    address: 'Ambattur Industrial Estate, Chennai 600058',
    locale: 'ta',
    commissionedMonthsAgo: 20,
    controlMake: 'Fanuc',
  },
];

const emailOf = (machine: DemoMachine) =>
  `${machine.company
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@example.com`;

/** `now` less `hours`, as an ISO timestamp. */
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** True when the register has no machine and no service request: only then is the demo seeded. */
async function installedBaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const machine = await db.selectFrom('installations').select('id').limit(1).executeTakeFirst();
  const request = await db.selectFrom('service_requests').select('id').limit(1).executeTakeFirst();
  return machine === undefined && request === undefined;
}

/** Stores the demo register; returns how many machines (0 when the register was not empty). */
export async function seedDemoInstalledBase(ctx: SeedContext, now = new Date()): Promise<number> {
  return writeTransaction(ctx, async (trx) => {
    if (!(await installedBaseIsEmpty(trx))) return 0;
    const machines = await trx
      .selectFrom('items')
      .select(['id', 'code', 'name'])
      .where('kind', '=', 'machine')
      .where(
        'code',
        'in',
        DEMO_MACHINES.map((machine) => machine.model),
      )
      .execute();
    const byCode = new Map(machines.map((machine) => [machine.code, machine]));
    const owner = await trx
      .selectFrom('users')
      .select(['id', 'username'])
      .where('role', '=', 'owner')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    const today = indianToday(now);
    const at = now.toISOString();
    const installationIds = new Map<string, string>();
    for (const machine of DEMO_MACHINES) {
      const model = byCode.get(machine.model);
      // A trimmed demo catalogue (tests) may lack the model: that machine is left out.
      if (!model) continue;
      const id = randomUUID();
      installationIds.set(machine.serial, id);
      const commissionedOn = addMonths(today, -machine.commissionedMonthsAgo);
      await trx
        .insertInto('installations')
        .values({
          id,
          serial: normalizeSerial(machine.serial),
          machine_id: model.id,
          model_name: model.name,
          company: machine.company,
          contact_name: machine.contactName,
          phone: machine.phone,
          phone_digits: phoneDigits(machine.phone),
          email: emailOf(machine),
          gstin: null,
          state: machine.state,
          address: machine.address,
          locale: machine.locale,
          invoice_number: `NPI/${commissionedOn.slice(0, 4)}/${machine.serial.slice(-4)}`,
          invoice_date: addDays(commissionedOn, -21),
          commissioned_on: commissionedOn,
          warranty_months: 24,
          warranty_ends_on: warrantyEndsOn(commissionedOn, 24),
          control_make: machine.controlMake,
          notes: null,
          created_at: at,
          updated_at: at,
          created_by: owner?.id ?? null,
        })
        .execute();
      if (machine.amcStartedMonthsAgo === undefined) continue;
      const contractId = randomUUID();
      const startsOn = addMonths(today, -machine.amcStartedMonthsAgo);
      await trx
        .insertInto('amc_contracts')
        .values({
          id: contractId,
          installation_id: id,
          starts_on: startsOn,
          ends_on: addDays(addMonths(startsOn, 12), -1),
          visits_included: 4,
          value_paise: 4_500_000,
          notes: 'Quarterly preventive maintenance: spindle, gearbox oil, slideways, electricals.',
          created_at: at,
          updated_at: at,
          created_by: owner?.id ?? null,
        })
        .execute();
      for (let visit = 0; visit < (machine.amcVisitsDone ?? 0); visit += 1) {
        await trx
          .insertInto('amc_visits')
          .values({
            id: randomUUID(),
            contract_id: contractId,
            visited_on: addDays(addMonths(startsOn, visit * 3), 10),
            engineer_id: owner?.id ?? null,
            engineer_name: owner?.username ?? 'Service engineer',
            notes: 'Preventive maintenance done; gearbox oil topped up, slideway wipers checked.',
            parts_used: JSON.stringify([{ itemId: null, description: 'Gearbox oil (litre)', quantity: 2 }]),
            created_at: at,
            created_by: owner?.id ?? null,
          })
          .execute();
      }
    }

    const requests: {
      serial: string;
      name: string;
      phone: string;
      symptom: string;
      machineDown: boolean;
      hoursAgo: number;
      locale: Locale;
      schedule?: boolean;
    }[] = [
      {
        serial: 'NPCL160-2402-0087',
        name: 'Rakesh Patel',
        phone: '+91 98250 33871',
        symptom: 'Spindle stops with alarm 401 (servo) after about ten minutes of running. Machine is idle.',
        machineDown: true,
        hoursAgo: 26,
        locale: 'hi',
      },
      {
        serial: 'NPTC200-2209-0031',
        name: 'Anjali Kulkarni',
        phone: '+91 99220 41873',
        symptom: 'Turret indexing is slow and sometimes overshoots station 6.',
        machineDown: false,
        hoursAgo: 50,
        locale: 'en',
        schedule: true,
      },
      {
        serial: 'NP25-1998-0007',
        name: 'R. Palanisamy',
        phone: '+91 94431 66120',
        symptom: 'Old capstan lathe: collet does not grip 12 mm bar firmly. Need a service visit and spare collets.',
        machineDown: false,
        hoursAgo: 2,
        locale: 'ta',
      },
    ];
    for (const request of requests) {
      const createdAt = new Date(now.getTime() - request.hoursAgo * 3_600_000);
      const id = randomUUID();
      const scheduled = request.schedule === true && owner !== undefined;
      const visitOn = scheduled ? addDays(today, 1) : null;
      await trx
        .insertInto('service_requests')
        .values({
          id,
          reference: await nextServiceReference(trx, createdAt),
          installation_id: installationIds.get(request.serial) ?? null,
          serial: normalizeSerial(request.serial),
          name: request.name,
          phone: request.phone,
          phone_digits: phoneDigits(request.phone),
          email: null,
          symptom: request.symptom,
          machine_down: request.machineDown ? 1 : 0,
          preferred_date: null,
          status: scheduled ? 'scheduled' : 'new',
          assignee_id: scheduled ? owner.id : null,
          visit_on: visitOn,
          locale: request.locale,
          report: null,
          report_pdf: null,
          report_pdf_sha256: null,
          ip: null,
          created_at: createdAt.toISOString(),
          updated_at: scheduled ? hoursBefore(now, request.hoursAgo - 3) : createdAt.toISOString(),
          closed_at: null,
        })
        .execute();
      const events: { at: string; kind: string; status: string; actor_id: string | null; detail: string | null }[] = [
        { at: createdAt.toISOString(), kind: 'created', status: 'new', actor_id: null, detail: null },
      ];
      if (scheduled) {
        events.push(
          {
            at: hoursBefore(now, request.hoursAgo - 2),
            kind: 'assigned',
            status: 'assigned',
            actor_id: owner.id,
            detail: owner.username,
          },
          {
            at: hoursBefore(now, request.hoursAgo - 3),
            kind: 'scheduled',
            status: 'scheduled',
            actor_id: owner.id,
            detail: visitOn,
          },
        );
      }
      for (const event of events) {
        await trx
          .insertInto('service_request_events')
          .values({ id: randomUUID(), request_id: id, ...event })
          .execute();
      }
    }
    return installationIds.size;
  });
}
