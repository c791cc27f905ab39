import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { compressionSlots } from './compression-slots';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Same floor as the global @fastify/compress threshold: smaller bodies are not worth encoding. */
const COMPRESS_THRESHOLD_BYTES = 1024;
// Quality 4 compresses a multi-megabyte list in tens of milliseconds; 11 (the default) takes seconds.
const DEFAULT_BROTLI_QUALITY = 4;

/**
 * A serialized body (JSON, or bytes such as a PDF) with its strong ETag, and its encoded variants
 * once first asked for.
 */
export class CachedBody {
  readonly etag: string;
  private readonly encoded = new Map<Exclude<ContentCoding, 'identity'>, Buffer | Promise<Buffer>>();

  /** The revision read before the data this body was built from (-1: a body outside the caches). */
  readonly revision: number;
  /** For one page of a list: how many items match across all pages (sent as X-Total-Count). */
  readonly totalCount: number | undefined;
  /** Headers that belong to this body whoever asks, e.g. a download's Content-Disposition. */
  readonly headers: Readonly<Record<string, string>>;
  /** False for bytes that are compressed already (a PDF's streams): sent as they are. */
  readonly compressible: boolean;
  private readonly brotliQuality: number;

  constructor(
    readonly identity: Buffer,
    options: {
      revision?: number;
      totalCount?: number;
      brotliQuality?: number;
      headers?: Readonly<Record<string, string>>;
      compressible?: boolean;
    } = {},
  ) {
    this.revision = options.revision ?? -1;
    this.totalCount = options.totalCount;
    this.headers = options.headers ?? {};
    this.compressible = options.compressible ?? true;
    this.brotliQuality = options.brotliQuality ?? DEFAULT_BROTLI_QUALITY;
    // A list page's total is sent beside its body: a new item after the page changes the answer.
    const hash = createHash('sha256').update(identity);
    if (this.totalCount !== undefined) hash.update(`\ntotal:${this.totalCount}`);
    this.etag = `"${hash.digest('base64url').slice(0, 27)}"`;
  }

  /** Bytes held for this body: the serialized form, and at most as much again for its encodings. */
  get size(): number {
    return this.compressible ? this.identity.length * 2 : this.identity.length;
  }

  /**
   * The body in `coding`, or null when it is sent unencoded (small bodies, or no gain).
   * Each variant is compressed once, off the main thread, and shared by concurrent callers.
   */
  variant(coding: ContentCoding): Buffer | Promise<Buffer> | null {
    if (coding === 'identity' || !this.compressible || this.identity.length < COMPRESS_THRESHOLD_BYTES) return null;
    const known = this.encoded.get(coding);
    if (known) return known;
    const pending = compressionSlots
      .run(() =>
        coding === 'br'
          ? brotli(this.identity, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: this.brotliQuality,
                // The encoder sizes its window and tables by it rather than for the largest input.
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
          : gzip(this.identity),
      )
      .then(
        (buffer) => {
          this.encoded.set(coding, buffer);
          return buffer;
        },
        (error: unknown) => {
          this.encoded.delete(coding);
          throw error;
        },
      );
    this.encoded.set(coding, pending);
    return pending;
  }
}

/** One page of a list and the number of items matching its query across all pages. */
export class ListPageValue {
  constructor(
    readonly items: readonly object[],
    readonly totalCount: number,
  ) {}
}

/**
 * A body that is not JSON, kept as these exact bytes (a generated PDF), with the headers that
 * describe it. `compressible: false` for formats that compress their own content.
 */
export class BytesValue {
  constructor(
    readonly bytes: Buffer,
    readonly options: { headers?: Readonly<Record<string, string>>; compressible?: boolean } = {},
  ) {}
}

/**
 * One answer a cache gave: while that cache still holds the same body for the key (or, for an
 * answer it does not keep, such as an unknown id, while its revision has not moved), the answer is
 * unchanged. That is what lets a server-rendered page stay cached (page-renderer.ts).
 */
export interface RevisionSource {
  cache: PublicResponseCache;
  key: string;
  /** The body's ETag; undefined for an answer that was not kept. */
  etag: string | undefined;
  revision: number;
}

// Which caches the answers given inside traceRevisionSources() came from. Async context, not an
// argument: the answer is produced by a route handler several layers below the one asking.
const revisionSources = new AsyncLocalStorage<RevisionSource[]>();

/** Runs `answer` and reports every cache lookup it made (see RevisionSource). */
export async function traceRevisionSources<T>(
  answer: () => Promise<T>,
): Promise<{ result: T; sources: RevisionSource[] }> {
  const sources: RevisionSource[] = [];
  // Awaited inside run(): a thenable such as app.inject()'s starts its work when awaited, and must
  // do so inside the traced context.
  const result = await revisionSources.run(sources, async () => await answer());
  return { result, sources };
}

/**
 * What a cache entry is built from: a JSON value, a list page that also carries its total, or
 * bytes that are sent as they are.
 */
export type CacheableValue = object | ListPageValue | BytesValue;

/**
 * A built value with what the cache must know beyond its bytes (decision 067):
 * - `scope`: the tokens of the catalogue changes that can change it (item ids, kindToken()); the
 *   entry survives every other change. Without one, any catalogue change drops the entry.
 * - `asOf`: it was built from data older than the revision asked for (a list index being read
 *   anew): sent, tagged with that revision, and not kept.
 * - `survives`: asked when a change reaches its scope; true keeps it for that revision (a search
 *   that the changed items match neither before nor after the change).
 */
export class Answer<V extends CacheableValue = CacheableValue> {
  constructor(
    readonly value: V,
    readonly meta: { scope?: readonly string[]; asOf?: number; survives?: Survives },
  ) {}
}

/** Whether an answer still holds at `revision`, a change having reached its scope. */
export type Survives = (revision: number) => Promise<boolean>;

/** Builds an entry from data at least as new as `revision` (the one read just before). */
export type CacheBuilder<T extends CacheableValue | undefined> = (revision: number) => Promise<T>;

export interface CacheReadOptions {
  /**
   * Answer from data at least as new as the revision in the database at this call, whatever the
   * check interval: one revision query. For signed-in staff, who must read their own writes even
   * when they were made through another process (decision 029).
   */
  current?: boolean;
  /** The answer's scope when its builder gives none (see Answer). */
  scope?: readonly string[];
}

export interface PublicResponseCacheOptions {
  /** Reads the shared catalogue revision (a database query). */
  readRevision: () => Promise<number>;
  /**
   * The scope tokens changed between two revisions, or everything. Without it every move of the
   * revision drops every entry.
   */
  readChanges?: (from: number, to: number) => Promise<ReadonlySet<string> | 'everything'>;
  /** How often a process re-reads the revision to notice writes made by other processes. */
  revisionCheckIntervalMs?: number;
  maxEntries?: number;
  /** Bound on the serialized bytes held: every distinct search is a page of up to 100 entries. */
  maxBytes?: number;
  /**
   * How many answers a change reaches are built again in the background while visitors keep
   * getting the previous ones: the most recently read, read within `refreshWindowMs`. The others
   * are dropped and built on their next request.
   */
  maxRefreshed?: number;
  refreshWindowMs?: number;
  /**
   * How long a save waits, at most, for the answers it reached to be built again before it is
   * answered (`refreshAfterWrite()`; 250 ms unless given, decision 070): the rest are built after,
   * while visitors get the previous ones.
   */
  writeWaitMs?: number;
  now?: () => number;
}

interface Built {
  body: CachedBody | undefined;
  /** The revision the answer holds for (read before its data). */
  revision: number;
  /** The entry it makes (none for an unscoped "no such item"), kept when still current. */
  entry: Entry | undefined;
}

interface Entry {
  /** Undefined: the item does not exist (a 404), kept while nothing in its scope changes. */
  body: CachedBody | undefined;
  /** The revision the body is known to hold for: moved forward by changes outside its scope. */
  revision: number;
  /** Null: any catalogue change drops it. */
  scope: readonly string[] | null;
  survives?: Survives | undefined;
  /** How it was built, to build it again off the request path when a change reaches it. */
  build: CacheBuilder<CacheableValue | Answer | undefined>;
  defaultScope: readonly string[] | undefined;
  /** When a request last read it: only recently read answers are worth building in the background. */
  readAt: number;
  /**
   * A request read it after the one it was built for (or after it was built again): only answers
   * asked for more than once are built again in the background when a change reaches them.
   */
  readAgain: boolean;
  /**
   * A change reached it and it is being built again: visitors get this body until the new one
   * replaces it; staff's current reads do not.
   */
  stale: boolean;
}

/** Bytes an entry holds; a kept 404 counts as a small fixed amount. */
const sizeOf = (entry: Entry) => entry.body?.size ?? 64;

/**
 * Public responses kept serialized in memory, valid while the catalogue has not changed in their
 * scope. A hit costs a clock read and a map lookup; the revision is re-read from the database at
 * most once per interval (other processes' writes) and at once after this process's own writes
 * (`refreshAfterWrite()`). When it has moved, the changes between are read once and only the
 * entries they reach are affected (decision 067): the recently read ones are built again in the
 * background while visitors keep getting the previous body, the others are dropped (decision 070).
 * A read with `current` (signed-in staff) re-reads the revision first and never gets a previous
 * body, so nobody sees their own write undone by another process's cache.
 */
export class PublicResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Built>>();
  private readonly readRevision: () => Promise<number>;
  private readonly readChanges: PublicResponseCacheOptions['readChanges'];
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private heldBytes = 0;
  private readonly now: () => number;
  private revisionCheckIntervalMs: number;
  private revision = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<unknown> | null = null;
  /** Moves to newer revisions, one after another. */
  private advancing: Promise<void> = Promise.resolve();
  /** Bumped by invalidate(): work started before it must not repopulate the cache. */
  private generation = 0;
  private readonly maxRefreshed: number;
  private readonly refreshWindowMs: number;
  /** Stale entries waiting to be built again, and the loop building them. */
  private readonly toRefresh = new Set<string>();
  private readonly refreshingKeys = new Set<string>();
  private refreshing: Promise<void> | null = null;
  /** Called after each step of the refresh loop (and when it ends). */
  private stepWaiters: (() => void)[] = [];
  private writeWaitMs: number;

  constructor(options: PublicResponseCacheOptions) {
    this.readRevision = options.readRevision;
    this.readChanges = options.readChanges;
    this.revisionCheckIntervalMs = options.revisionCheckIntervalMs ?? 1000;
    this.maxEntries = options.maxEntries ?? 5000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxRefreshed = options.maxRefreshed ?? 32;
    this.refreshWindowMs = options.refreshWindowMs ?? 60_000;
    this.writeWaitMs = options.writeWaitMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** For tests: how stale a write made by another process may be seen. */
  setRevisionCheckInterval(ms: number): void {
    this.revisionCheckIntervalMs = ms;
  }

  /**
   * For tests: how long a save waits for the answers it reached to be built again. A test reads
   * right after a save and expects the change, however slowly a loaded machine builds it.
   */
  setWriteWait(ms: number): void {
    this.writeWaitMs = ms;
  }

  /** The cached body for `key`, serialized from `build()` on a miss. */
  async get(
    key: string,
    build: CacheBuilder<CacheableValue | Answer>,
    options: CacheReadOptions = {},
  ): Promise<CachedBody> {
    const body = await this.find(key, build, options);
    if (!body) throw new Error(`Nothing to cache for ${key}`);
    return body;
  }

  /**
   * Like get, for what may not exist: `build` returning undefined (an unknown id) is not
   * cached, so a later create of that id is seen at once.
   */
  async find(
    key: string,
    build: CacheBuilder<CacheableValue | Answer | undefined>,
    { current = false, scope }: CacheReadOptions = {},
  ): Promise<CachedBody | undefined> {
    // A current read queries the revision itself rather than joining a check or a build already in
    // flight: those may have read the database before the write its caller has just made elsewhere.
    const revision = current ? await this.observeRevision() : await this.currentRevision();
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.markRead(hit);
      // Newer than `revision`: a change being applied (its reached entries still being judged) has
      // already marked this one as holding for it, so it holds for both.
      if (hit.revision >= revision || (hit.stale && !current)) {
        revisionSources.getStore()?.push({ cache: this, key, etag: hit.body?.etag, revision: hit.revision });
        return hit.body;
      }
    }
    const built = current
      ? await this.buildFresh(key, build, scope, revision)
      : await this.buildOnce(key, build, scope);
    revisionSources.getStore()?.push({ cache: this, key, etag: built.body?.etag, revision: built.revision });
    return built.body;
  }

  /** Whether an answer this cache gave is still the one it would give (see RevisionSource). */
  async stillAnswers(source: RevisionSource): Promise<boolean> {
    const revision = await this.currentRevision();
    const entry = this.entries.get(source.key);
    // A stale entry is still what visitors are given until it is built again: a page made from it
    // is the page that would be made now, and rendering it again per request would only cost.
    if (entry !== undefined) {
      const holds = (entry.revision >= revision || entry.stale) && entry.body?.etag === source.etag;
      // The page made from it is being served: a read of the answer, worth building again.
      if (holds) this.markRead(entry);
      return holds;
    }
    // An answer that was not kept holds only until the revision moves.
    return source.etag === undefined && source.revision === revision;
  }

  /**
   * The revision this process currently serves: re-read from the database at most once per
   * interval, and at once after invalidate(). Once one is known, nobody waits for the re-read: the
   * request that finds it due starts it and, like those during it, is answered at the revision
   * known until it ends (decision 070). Answers are then as stale as the interval and one query
   * allow, and a slow or unanswering database never holds up an answer that is in memory.
   */
  async currentRevision(): Promise<number> {
    if (this.now() - this.checkedAt < this.revisionCheckIntervalMs) return this.revision;
    if (this.revision < 0) {
      await this.checkRevision();
      return this.revision;
    }
    this.checkInBackground();
    return this.revision;
  }

  private checkInBackground(): void {
    if (this.checking) return;
    const checkedAt = this.now();
    const checking = this.observeRevision()
      .catch(() => {
        // The database is away (a restart, a failover): visitors keep getting the answers held at
        // the last revision read, and only what must be built fails. One attempt per interval, not
        // one per request (so marked before `checking` is cleared). Staff's current reads still
        // fail (decision 064).
        if (this.checkedAt < checkedAt) this.checkedAt = checkedAt;
      })
      .finally(() => {
        if (this.checking === checking) this.checking = null;
      });
    this.checking = checking;
  }

  /**
   * Call after each catalogue write of this process: the next request re-reads the revision (and
   * so drops what the write changed), and nothing built before it is kept.
   */
  invalidate(): void {
    this.generation += 1;
    this.building.clear();
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * Call after each committed catalogue write of this process, and await it before answering the
   * write: the revision is re-read and the answers the write reached are built again, so that
   * whoever wrote, and every visitor after them, reads the change. Never throws: the write stands
   * even when the database cannot be asked again, and the next request re-reads the revision.
   */
  async refreshAfterWrite(): Promise<void> {
    this.invalidate();
    try {
      await this.refresh(this.writeWaitMs);
    } catch {
      // See above: the next read re-reads the revision (checkedAt was reset).
    }
  }

  /**
   * Notices the database's revision now and waits until every answer it reached is built from data
   * at least that new (or dropped), for at most `withinMs`.
   */
  async refresh(withinMs = Number.POSITIVE_INFINITY): Promise<void> {
    const revision = await this.observeRevision();
    const deadline = Date.now() + withinMs;
    while (this.hasStaleOlderThan(revision)) {
      this.startRefreshing();
      const remaining = deadline - Date.now();
      if (this.refreshing === null || remaining <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.stepWaiters.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.min(remaining, 2 ** 31 - 1));
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    }
  }

  private hasStaleOlderThan(revision: number): boolean {
    for (const key of [...this.toRefresh, ...this.refreshingKeys]) {
      const entry = this.entries.get(key);
      if (entry?.stale && entry.revision < revision) return true;
    }
    return false;
  }

  get size(): number {
    return this.entries.size;
  }

  private checkRevision(): Promise<unknown> {
    const checking =
      this.checking ??
      this.observeRevision().finally(() => {
        this.checking = null;
      });
    this.checking = checking;
    return checking;
  }

  private async observeRevision(): Promise<number> {
    const generation = this.generation;
    const startedAt = this.now();
    const revision = await this.readRevision();
    // Revisions only grow; an older answer that arrives late must not undo a newer one.
    if (revision > this.revision) await this.advanceTo(revision);
    if (generation === this.generation && revision >= this.revision) this.checkedAt = startedAt;
    return revision;
  }

  private advanceTo(revision: number): Promise<void> {
    const step = this.advancing.then(() => this.applyChanges(revision));
    this.advancing = step.catch(() => {});
    return step;
  }

  /** Drops the entries the changes up to `revision` reach and marks the others as holding for it. */
  private async applyChanges(revision: number): Promise<void> {
    const from = this.revision;
    if (revision <= from) return;
    const changed =
      from < 0 || this.readChanges === undefined
        ? 'everything'
        : // Not knowing what changed is the same as everything having changed.
          await this.readChanges(from, revision).catch(() => 'everything' as const);
    if (changed === 'everything') {
      for (const [key, entry] of this.entries) this.retire(key, entry);
    } else {
      const reached: [string, Entry][] = [];
      for (const [key, entry] of this.entries) {
        // A stale entry holds for an older revision than the one it is marked with, whatever changed now.
        if (entry.stale || entry.scope === null || entry.scope.some((token) => changed.has(token))) {
          reached.push([key, entry]);
        } else {
          entry.revision = revision;
        }
      }
      const verdicts = await Promise.all(
        reached.map(([, entry]) => (entry.stale ? false : (entry.survives?.(revision).catch(() => false) ?? false))),
      );
      reached.forEach(([key, entry], at) => {
        // Replaced or dropped while the verdicts were awaited: the newer entry is not this one's to judge.
        if (this.entries.get(key) !== entry) return;
        if (verdicts[at]) entry.revision = revision;
        else this.retire(key, entry);
      });
    }
    this.keepMostRecentlyReadStale();
    this.revision = revision;
    this.startRefreshing();
  }

  /** A request read `entry` after it was built: what makes it worth building again (retire()). */
  private markRead(entry: Entry): void {
    entry.readAt = this.now();
    entry.readAgain = true;
  }

  /**
   * An entry a change reached: kept for visitors and queued to be built again when it was read
   * lately and more than once, dropped otherwise. Most distinct searches and facets are asked for
   * once: building them again after every save cost the readers of the rest a fifth of their
   * answers while staff saved a part a second at 25,000 parts.
   */
  private retire(key: string, entry: Entry): void {
    if (!entry.readAgain || entry.readAt < this.now() - this.refreshWindowMs) {
      this.remove(key);
      return;
    }
    entry.stale = true;
    this.toRefresh.add(key);
  }

  /** Bounds the background work one change causes: the most recently read stale entries stay. */
  private keepMostRecentlyReadStale(): void {
    if (this.toRefresh.size <= this.maxRefreshed) return;
    const byRecency = [...this.toRefresh]
      .map((key) => ({ key, readAt: this.entries.get(key)?.readAt ?? Number.NEGATIVE_INFINITY }))
      .sort((a, b) => b.readAt - a.readAt);
    for (const { key } of byRecency.slice(this.maxRefreshed)) {
      this.toRefresh.delete(key);
      this.remove(key);
    }
  }

  private startRefreshing(): void {
    if (this.refreshing || this.toRefresh.size === 0) return;
    this.refreshing = this.refreshQueued().finally(() => {
      this.refreshing = null;
      this.wakeStepWaiters();
      // Queued by a change noticed as the loop ended.
      this.startRefreshing();
    });
  }

  /** Two at a time: a burst of saves takes two database connections for its rebuilds, not the pool. */
  private async refreshQueued(): Promise<void> {
    while (this.toRefresh.size > 0) {
      const keys = [...this.toRefresh].slice(0, 2);
      for (const key of keys) {
        this.toRefresh.delete(key);
        this.refreshingKeys.add(key);
      }
      await Promise.all(keys.map((key) => this.refreshOne(key).finally(() => this.refreshingKeys.delete(key))));
      this.wakeStepWaiters();
    }
  }

  private wakeStepWaiters(): void {
    for (const wake of this.stepWaiters.splice(0)) wake();
  }

  private async refreshOne(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry === undefined || !entry.stale) return;
    let built: Built | undefined;
    try {
      built = await this.buildOnce(key, entry.build, entry.defaultScope);
    } catch {
      // Dropped below: the next request builds it, and reports what fails.
    }
    // Replaced meanwhile (kept as current, or by a staff read): nothing left to do.
    if (this.entries.get(key) !== entry) return;
    if (built?.entry !== undefined && built.revision > entry.revision) {
      const fresh = built.entry;
      // A save came while it was built (or this process wrote): when what was saved since leaves
      // it as it is, it holds now. Otherwise each save reached every answer still being built, and
      // once saves came faster than the rebuilds every list page was built again after every save.
      if (await this.catchUp(fresh)) {
        if (this.entries.get(key) === entry) this.store(key, fresh);
        return;
      }
      if (this.entries.get(key) !== entry) return;
      // Newer than what visitors have, but not current: visitors get it, and it is queued again.
      // Saves faster than the rebuilds then cost two builds at a time, not one per save and answer.
      this.store(key, { ...fresh, stale: true });
      this.toRefresh.add(key);
      return;
    }
    // The build failed, or brought nothing newer: a stale body is not served any longer.
    this.remove(key);
  }

  private buildOnce(
    key: string,
    build: CacheBuilder<CacheableValue | Answer | undefined>,
    scope: readonly string[] | undefined,
  ): Promise<Built> {
    const pending = this.building.get(key);
    if (pending) return pending;
    const promise = this.buildFresh(key, build, scope).finally(() => {
      if (this.building.get(key) === promise) this.building.delete(key);
    });
    this.building.set(key, promise);
    return promise;
  }

  /**
   * Builds `key` from data read after this call and caches it if no newer revision came meanwhile.
   * `observed` is a revision the caller has just read (saves reading it twice).
   */
  private async buildFresh(
    key: string,
    build: CacheBuilder<CacheableValue | Answer | undefined>,
    defaultScope: readonly string[] | undefined,
    observed?: number,
  ): Promise<Built> {
    const generation = this.generation;
    // Read before the data: the body is then at least as new as its tag, never older.
    const observedRevision = observed ?? (await this.observeRevision());
    const built = await build(observedRevision);
    if (built === undefined) {
      // An unknown id is an answer too (404). With a scope (the id's) it is kept like any answer,
      // so that a spare part's page, which first asks for a machine of that id, outlives edits to
      // other items; without one it holds until the revision moves.
      const entry: Entry | undefined =
        defaultScope === undefined
          ? undefined
          : {
              body: undefined,
              revision: observedRevision,
              scope: defaultScope,
              build,
              defaultScope,
              readAt: this.now(),
              readAgain: false,
              stale: false,
            };
      if (entry !== undefined && generation === this.generation && observedRevision === this.revision) {
        this.store(key, entry);
      }
      return { body: undefined, revision: observedRevision, entry };
    }
    const meta = built instanceof Answer ? built.meta : {};
    const value: CacheableValue = built instanceof Answer ? built.value : built;
    const older = meta.asOf !== undefined && meta.asOf < observedRevision;
    const revision = older ? (meta.asOf ?? observedRevision) : observedRevision;
    const body =
      value instanceof ListPageValue
        ? new CachedBody(Buffer.from(JSON.stringify(value.items)), { revision, totalCount: value.totalCount })
        : value instanceof BytesValue
          ? new CachedBody(value.bytes, { revision, ...value.options })
          : new CachedBody(Buffer.from(JSON.stringify(value)), { revision });
    const entry: Entry = {
      body,
      revision,
      scope: meta.scope ?? defaultScope ?? null,
      survives: meta.survives,
      build,
      defaultScope,
      readAt: this.now(),
      readAgain: false,
      stale: false,
    };
    if (!older && generation === this.generation) {
      if (revision === this.revision) this.store(key, entry);
      // Built on a visitor's request while a save landed: kept when the save leaves it as it is,
      // or the next visitor would build it again, and the next, for as long as saves keep coming.
      else if (revision < this.revision && (await this.catchUp(entry)) && generation === this.generation) {
        this.store(key, entry);
      }
    }
    return { body, revision, entry };
  }

  /**
   * Whether `entry`, built at an older revision, holds at the revision now served: asked of its
   * `survives` as a change reaching it is (applyChanges). On true it is marked with that revision.
   */
  private async catchUp(entry: Entry): Promise<boolean> {
    const target = this.revision;
    if (entry.revision >= target) return true;
    if (entry.survives === undefined) return false;
    const holds = await entry.survives(target).catch(() => false);
    // A newer revision applied meanwhile has not judged this entry: it is not current.
    if (!holds || target !== this.revision) return false;
    entry.revision = target;
    return true;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  private store(key: string, entry: Entry): void {
    // A body built again in the background is as recently read as the one it replaces, no more:
    // otherwise every refresh would keep an answer nobody asks for refreshed forever.
    const previous = this.entries.get(key);
    if (previous !== undefined) entry.readAt = previous.readAt;
    this.remove(key);
    // Oldest first: cheap, and enough to bound memory against floods of distinct ids or searches.
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.heldBytes + sizeOf(entry) > this.maxBytes)
    ) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    this.entries.set(key, entry);
    this.heldBytes += sizeOf(entry);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.toRefresh.delete(key);
    this.heldBytes -= sizeOf(entry);
  }
}
