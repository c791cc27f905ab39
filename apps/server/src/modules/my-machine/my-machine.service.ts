import { randomBytes, randomUUID } from 'node:crypto';
import {
  amcStatus,
  amcVisitsLeft,
  currentAmcContract,
  indianToday,
  isLocale,
  type Locale,
  localizeItem,
  MY_MACHINE_CODE_TTL_MS,
  MY_MACHINE_CODE_WRONG_MESSAGE,
  MY_MACHINE_SESSION_EXPIRED_MESSAGE,
  MY_MACHINE_SESSION_TTL_MS,
  type MyMachineCodeRequest,
  type MyMachineResponse,
  type MyMachineSession,
  type MyMachineSessionRequest,
  myMachineReportUrl,
  phoneDigits,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestStatus,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError, notFound } from '../../http-error';
import { hashToken } from '../auth/session-token';
import { findItem } from '../catalogue/catalogue.repository';
import { enqueueMessage } from '../mail/outbox.repository';
import { currentCompanySettings } from '../site/site-settings.service';
import { codeMatches, DECOY_CODE_HASH, hashCode, newCode, NO_MACHINE } from './my-machine-code';
import { myMachineCodeEmail } from './my-machine-code-email';
import {
  deleteCode,
  deleteSession,
  findMachineBySerial,
  findMachineView,
  findReportPdf,
  findSession,
  insertSession,
  listContracts,
  listRequests,
  replaceCode,
  spendCodeTry,
} from './my-machine.repository';
import { beginCodeCheck, countCodeRequest } from './my-machine-throttle';

/**
 * My machine (issue 40): a buyer proves they hold a machine (its serial, the phone on record and a
 * code sent to the email on record) and then reads that machine alone for a day. Nothing a caller
 * is told depends on whether the serial exists: a code request always answers the same, a wrong
 * code the same as an unknown serial, and the throttles count made-up serials like real ones.
 */

/** Where a client is, as the throttles count it (@fastify/rate-limit's normalizeIP: an IPv6 client by its /64). */
export type ClientAddress = string;

/** The phone typed is the one on record (by its last ten digits); a number with too few digits never is. */
const samePhone = (typed: string, onRecord: string): boolean => {
  const digits = phoneDigits(typed);
  return digits.length >= 6 && digits === onRecord;
};

/**
 * `POST /api/my-machine/code`. A code is made and hashed whether or not the pair matches, and the
 * same throttles are counted; only a match with an email on record stores it and queues the email.
 */
export async function requestCode(
  ctx: AppContext,
  input: MyMachineCodeRequest,
  address: ClientAddress,
  now = new Date(),
): Promise<void> {
  const company = await currentCompanySettings(ctx.db);
  const code = newCode();
  const queued = await writeTransaction(ctx, async (trx) => {
    await countCodeRequest(trx, { serial: input.serial, address }, now);
    const machine = await findMachineBySerial(trx, ctx.dialect, input.serial);
    const codeHash = hashCode(machine?.id ?? NO_MACHINE, code);
    if (!machine || !samePhone(input.phone, machine.phoneDigits) || !machine.email) return false;
    const at = now.toISOString();
    await replaceCode(trx, {
      id: randomUUID(),
      installationId: machine.id,
      codeHash,
      expiresAt: new Date(now.getTime() + MY_MACHINE_CODE_TTL_MS).toISOString(),
      now: at,
    });
    const locale: Locale = isLocale(machine.locale) ? machine.locale : 'en';
    await enqueueMessage(
      trx,
      myMachineCodeEmail({
        code,
        serial: machine.serial,
        name: machine.contactName,
        email: machine.email,
        companyName: company.name,
        locale,
      }),
      at,
    );
    return true;
  });
  if (queued) ctx.mailWorker?.wake();
}

const wrongCode = () => new HttpError(400, MY_MACHINE_CODE_WRONG_MESSAGE);

/**
 * `POST /api/my-machine/session`. One try of the machine's code is used up before it is compared;
 * a right code (with the phone on record) is deleted as it opens the session, so it works once.
 */
export async function openSession(
  ctx: AppContext,
  input: MyMachineSessionRequest,
  address: ClientAddress,
  now = new Date(),
): Promise<MyMachineSession> {
  const check = await beginCodeCheck(ctx.db, address, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + MY_MACHINE_SESSION_TTL_MS).toISOString();
  const opened = await writeTransaction(ctx, async (trx) => {
    const at = now.toISOString();
    const machine = await findMachineBySerial(trx, ctx.dialect, input.serial);
    const codes = machine ? await spendCodeTry(trx, machine.id, at) : [];
    if (!machine || codes.length === 0) {
      codeMatches(DECOY_CODE_HASH, NO_MACHINE, input.code);
      return false;
    }
    const right = codes.find((code) => codeMatches(code.codeHash, machine.id, input.code));
    if (!right || !samePhone(input.phone, machine.phoneDigits)) return false;
    if (!(await deleteCode(trx, right.id))) return false;
    await insertSession(trx, { tokenHash: hashToken(token), installationId: machine.id, expiresAt, now: at });
    return true;
  });
  if (!opened) throw wrongCode();
  await check.withdraw();
  return { token, expiresAt };
}

const sessionEnded = () => new HttpError(401, MY_MACHINE_SESSION_EXPIRED_MESSAGE, { 'www-authenticate': 'Bearer' });

export interface MachineSession {
  installationId: string;
  tokenHash: string;
}

/** The machine a bearer token opens; 401 for none, an unknown token or one whose day is over (then swept). */
export async function authenticateMachine(
  ctx: AppContext,
  token: string | null,
  now = new Date(),
): Promise<MachineSession> {
  if (token === null || token.length < 20 || token.length > 200) throw sessionEnded();
  const tokenHash = hashToken(token);
  const session = await findSession(ctx.db, tokenHash);
  if (!session) throw sessionEnded();
  if (Date.parse(session.expiresAt) <= now.getTime()) {
    await deleteSession(ctx.db, tokenHash);
    throw sessionEnded();
  }
  return { installationId: session.installationId, tokenHash };
}

export async function signOut(ctx: AppContext, token: string | null): Promise<void> {
  if (token === null || token.length > 200) return;
  await deleteSession(ctx.db, hashToken(token));
}

const isStatus = (value: string): value is ServiceRequestStatus =>
  (SERVICE_REQUEST_STATUSES as readonly string[]).includes(value);

/** `GET /api/my-machine`: the session's machine, in `lang` where the catalogue has its words. */
export async function readMyMachine(
  ctx: AppContext,
  session: MachineSession,
  lang: Locale,
  now = new Date(),
): Promise<MyMachineResponse> {
  const [machine, contracts, requests] = await Promise.all([
    findMachineView(ctx.db, session.installationId),
    listContracts(ctx.db, session.installationId),
    listRequests(ctx.db, session.installationId),
  ]);
  if (!machine) throw sessionEnded();
  const item = await findItem(ctx.db, machine.machineId, 'machine');
  const catalogue = item && {
    name: item.name,
    description: '',
    translations: item.translations,
    partsThatFit: item.partsThatFit,
  };
  const shown = catalogue && (lang === 'en' ? catalogue : localizeItem(catalogue, lang));
  const today = indianToday(now);
  const contract = currentAmcContract(contracts, today);
  return {
    installation: {
      serial: machine.serial,
      // A model that has left the catalogue keeps the name it had when last saved.
      model: shown?.name ?? machine.modelName,
      machineId: machine.machineId,
      commissionedOn: machine.commissionedOn,
      warrantyEndsOn: machine.warrantyEndsOn,
      underWarranty: today <= machine.warrantyEndsOn,
      company: machine.company,
    },
    amc: contract
      ? {
          startsOn: contract.startsOn,
          endsOn: contract.endsOn,
          status: amcStatus(contract, today),
          visitsIncluded: contract.visitsIncluded,
          visitsDone: contract.visitsDone,
          visitsLeft: amcVisitsLeft(contract),
        }
      : null,
    serviceRequests: requests.map((request) => ({
      reference: request.reference,
      status: isStatus(request.status) ? request.status : 'new',
      symptom: request.symptom,
      machineDown: request.machineDown,
      createdAt: request.createdAt,
      visitOn: request.visitOn,
      closedAt: request.closedAt,
      reportUrl: request.status === 'closed' && request.hasReport ? myMachineReportUrl(request.reference) : null,
    })),
    partsThatFit: (shown?.partsThatFit ?? []).map((part) => ({
      id: part.id,
      // The answer's type has a code for every part: one without a part number answers ''.
      code: part.code ?? '',
      name: part.name,
      price: part.price,
    })),
  };
}

/** The stored report PDF of a closed request of the session's machine; 404 alike for any other reference. */
export async function readReportPdf(ctx: AppContext, session: MachineSession, reference: string): Promise<Buffer> {
  const pdf = await findReportPdf(ctx.db, session.installationId, reference);
  if (!pdf) throw notFound('Report');
  return pdf;
}
