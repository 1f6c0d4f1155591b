import {
  CodedError,
  type IpBlacklistCreate,
  type IpBlacklistUpdate,
  ipBlacklistCreateSchema,
  ipBlacklistUpdateSchema,
  parseWith,
} from '@balancer/core';
import { z } from 'zod';
import type { Platform } from '../../platform/platform.js';
import { canonicalIp } from './canonical-ip.js';
import {
  allIps,
  deleteEntry,
  type IpBlacklistEntry,
  insertEntry,
  isUniqueViolation,
  listEntries,
  replaceEntry,
} from './repository.js';

export type { IpBlacklistEntry } from './repository.js';

const entryIdSchema = z.int().min(1);

/** What a list asks for: a page, optionally only entries whose IP or notes contain `search`. */
export interface IpBlacklistQuery {
  limit: number;
  startAtID?: number | undefined;
  search?: string | undefined;
}

/**
 * The IP blacklist: the table and an in-memory copy of its addresses, so that the check on every
 * request and socket handshake (`has`) is a Set lookup. The copy is filled at ready (`load`) and
 * changed after every successful write. With several instances (docs/cluster.md) each write is
 * announced (`onChange`, on the cluster bus: cluster.ts) and the other instances `reload`.
 */
export class IpBlacklist {
  private ips = new Set<string>();
  private readonly listeners = new Set<() => void>();
  /** Called after every successful write (add, update, remove): the other instances reload. */
  onChange: () => void = () => {};

  constructor(readonly platform: Platform) {}

  /**
   * Called after every change that may block an address (add, update), so that connections
   * already open from it (the stream's sockets) are closed. Returns the function that stops it.
   */
  onBlock(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private blocked(): void {
    for (const listener of this.listeners) listener();
  }

  /** Reads every blacklisted address into memory (at ready, after the migrations). */
  async load(): Promise<void> {
    this.ips = new Set(await allIps(this.platform.database.db));
  }

  /** Reads the addresses again (another instance changed them) and closes what they now block. */
  async reload(): Promise<void> {
    await this.load();
    this.blocked();
  }

  /**
   * Whether requests from `ip` are refused. Any spelling of a listed address matches it, an
   * IPv4-mapped IPv6 address matches its IPv4 entry, and an address with a zone matches the
   * entry without one.
   */
  has(ip: string): boolean {
    if (this.ips.size === 0) return false;
    const canonical = canonicalIp(ip);
    if (canonical === null) return false;
    if (this.ips.has(canonical)) return true;
    const zone = canonical.indexOf('%');
    return zone !== -1 && this.ips.has(canonical.slice(0, zone));
  }

  /** A page of entries, newest first. */
  async list(query: IpBlacklistQuery): Promise<IpBlacklistEntry[]> {
    const search = query.search?.trim().toLowerCase();
    const searchTerms = search ? [...new Set([search, canonicalIp(search) ?? search])] : [];
    return listEntries(this.platform.database.db, { ...query, searchTerms });
  }

  /** Adds an address (refused with IP_BLACKLIST_DUPLICATE when any spelling of it is listed). */
  async add(input: IpBlacklistCreate, now: number): Promise<IpBlacklistEntry> {
    const values = this.toValues(
      parseWith(ipBlacklistCreateSchema, input, 'IP_BLACKLIST_INVALID_INPUT'),
      now,
    );
    const entry = await insertEntry(this.platform.database.db, values);
    if (!entry) throw new CodedError('IP_BLACKLIST_DUPLICATE', values.ip);
    this.ips.add(entry.ip);
    this.blocked();
    this.onChange();
    return entry;
  }

  /** Replaces an entry's address and notes (notes left out are cleared). */
  async update(id: number, input: IpBlacklistUpdate, now: number): Promise<IpBlacklistEntry> {
    const entryId = parseWith(entryIdSchema, id, 'IP_BLACKLIST_INVALID_INPUT');
    const values = this.toValues(
      parseWith(ipBlacklistUpdateSchema, input, 'IP_BLACKLIST_INVALID_INPUT'),
      now,
    );
    let changed: Awaited<ReturnType<typeof replaceEntry>>;
    try {
      changed = await replaceEntry(this.platform.database.db, entryId, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw new CodedError('IP_BLACKLIST_DUPLICATE', values.ip);
      throw error;
    }
    if (!changed) throw new CodedError('IP_BLACKLIST_NOT_FOUND', String(entryId));
    this.ips.delete(changed.before.ip);
    this.ips.add(changed.after.ip);
    this.blocked();
    this.onChange();
    return changed.after;
  }

  /** Removes an entry; requests from its address are allowed again at once. */
  async remove(id: number): Promise<IpBlacklistEntry> {
    const entryId = parseWith(entryIdSchema, id, 'IP_BLACKLIST_INVALID_INPUT');
    const removed = await deleteEntry(this.platform.database.db, entryId);
    if (!removed) throw new CodedError('IP_BLACKLIST_NOT_FOUND', String(entryId));
    this.ips.delete(removed.ip);
    this.onChange();
    return removed;
  }

  private toValues(input: { ip: string; notes?: string | undefined }, now: number) {
    // The schema has checked the address, so it has a canonical form.
    const ip = canonicalIp(input.ip) ?? input.ip;
    return { ip, notes: input.notes ?? null, event_time: now };
  }
}
