/**
 * Staff accounts from the command line, against the same database the server uses (DATA_DIR or
 * DATABASE_URL, read by the server's own config):
 *   npm run admin -- create --email E [--password P] [--role owner|editor|sales]
 *   npm run admin -- reset-password --email E [--password P]
 *   npm run admin -- disable --email E
 *   npm run admin -- reset-two-factor --email E
 * Without --password a strong password is generated and printed once.
 */
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@capstan/shared';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import {
  createStaffAccount,
  disableStaffAccount,
  resetStaffPassword,
  resetStaffTwoFactor,
  StaffAccountError,
  type StaffAccountErrorCode,
} from '../apps/server/src/modules/auth/staff-accounts';

// sysexits(3) codes, so scripts can tell the failures apart.
const EXIT_USAGE = 64;
const EXIT_CODES: Record<StaffAccountErrorCode, number> = {
  'invalid-email': 65,
  'weak-password': 65,
  'unknown-email': 67,
  'duplicate-email': 73,
};

const USAGE = `Usage:
  npm run admin -- create --email <email> [--password <password>] [--role owner|editor|sales]
  npm run admin -- reset-password --email <email> [--password <password>]
  npm run admin -- disable --email <email>
  npm run admin -- reset-two-factor --email <email>`;

class UsageError extends Error {}

const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

function parse(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
  });
  const [command, ...extra] = positionals;
  if (!command || extra.length > 0) throw new UsageError('Expected exactly one command.');
  if (!['create', 'reset-password', 'disable', 'reset-two-factor'].includes(command))
    throw new UsageError(`Unknown command: ${command}`);
  if (!values.email) throw new UsageError('--email is required.');
  if ((command === 'disable' || command === 'reset-two-factor') && values.password !== undefined) {
    throw new UsageError(`${command} takes no --password.`);
  }
  if (values.role !== undefined && command !== 'create') throw new UsageError(`${command} takes no --role.`);
  const role = values.role ?? 'owner';
  if (!isStaffRole(role)) throw new UsageError(`--role must be one of: ${STAFF_ROLES.join(', ')}.`);
  return { command, email: values.email, password: values.password, role };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return EXIT_USAGE;
  }

  const database = createDatabase(loadConfig());
  try {
    await migrateToLatest(database.db);
    if (args.command === 'disable') {
      const { email } = await disableStaffAccount(database.db, { email: args.email });
      console.log(`Disabled ${email}; all of its sessions have ended.`);
      return 0;
    }
    if (args.command === 'reset-two-factor') {
      const { email } = await resetStaffTwoFactor(database.db, { email: args.email });
      console.log(`Two-factor sign-in is off for ${email}; all of its sessions have ended.`);
      return 0;
    }
    const result =
      args.command === 'create'
        ? await createStaffAccount(database.db, { email: args.email, password: args.password, role: args.role })
        : await resetStaffPassword(database.db, { email: args.email, password: args.password });
    console.log(
      args.command === 'create'
        ? `Created staff account ${result.email} (${args.role}).`
        : `Password reset for ${result.email}; all of its sessions have ended.`,
    );
    if (result.generatedPassword) {
      console.log(`Generated password (shown once, store it safely): ${result.generatedPassword}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof StaffAccountError) {
      console.error(error.message);
      return EXIT_CODES[error.code];
    }
    throw error;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
