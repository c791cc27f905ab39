import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database } from './schema';

/**
 * When the database last answered a statement, any statement the process made. The readiness
 * check counts these as proof that the database works (decision 064): under a burst, its own ping
 * waits in the pool's queue behind the requests being served, and a ping that waited over a second
 * made a busy instance look down to its load balancer while every one of those requests was
 * answered.
 */
export class DatabaseAnswers implements KyselyPlugin {
  #lastAt = Number.NEGATIVE_INFINITY;

  /** On performance.now()'s clock; -Infinity before the first answer. */
  get lastAt(): number {
    return this.#lastAt;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  // Called for every statement that returned, raw SQL and transactions included; not for one that threw.
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.#lastAt = performance.now();
    return Promise.resolve(args.result);
  }
}

const answersOf = new WeakMap<Kysely<Database>, DatabaseAnswers>();

/** The Kysely instance `make` builds with the plugin, its answers recorded (see databaseAnswers). */
export function withAnswersRecorded(make: (plugin: DatabaseAnswers) => Kysely<Database>): Kysely<Database> {
  const answers = new DatabaseAnswers();
  const db = make(answers);
  answersOf.set(db, answers);
  return db;
}

/** The answers of a handle made by createDatabase; undefined for one made elsewhere. */
export function databaseAnswers(db: Kysely<Database>): DatabaseAnswers | undefined {
  return answersOf.get(db);
}
