import { TIMELINE_SCHEMA_VERSION } from '@storyloom/core';

/** A stored document, before validation. */
export type TimelineDocument = Record<string, unknown>;

/**
 * One step of the stored timeline's schema (STYLE.md §5): `migrate` turns a document of
 * version `from` into one of version `from + 1`. Add a step (and bump core's
 * TIMELINE_SCHEMA_VERSION) whenever the stored shape changes.
 */
export interface TimelineMigration {
  from: number;
  description: string;
  migrate(document: TimelineDocument): TimelineDocument;
}

export const TIMELINE_MIGRATIONS: readonly TimelineMigration[] = [
  {
    from: 0,
    description: 'Timelines saved before versioning carry no schemaVersion: stamp version 1.',
    migrate: (document) => ({ ...document, schemaVersion: 1 }),
  },
];

/** The version a stored document declares: 0 when absent, null when unreadable. */
export function documentVersion(document: TimelineDocument): number | null {
  const version = document.schemaVersion;
  if (version === undefined) return 0;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : null;
}

/**
 * Brings a document up to TIMELINE_SCHEMA_VERSION, step by step. Null when it is newer than
 * this code (or a step is missing): such a timeline must not be loaded (and then overwritten).
 */
export function migrateTimelineDocument(
  document: TimelineDocument,
  migrations: readonly TimelineMigration[] = TIMELINE_MIGRATIONS,
  target: number = TIMELINE_SCHEMA_VERSION,
): { document: TimelineDocument; from: number } | null {
  const from = documentVersion(document);
  if (from === null || from > target) return null;
  let current = document;
  for (let version = from; version < target; version++) {
    const step = migrations.find((migration) => migration.from === version);
    if (!step) return null;
    current = { ...step.migrate(current), schemaVersion: version + 1 };
  }
  return { document: current, from };
}
