import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { artifactVersions, artifacts } from '../database/schema';
import { preparedQuery } from '../database/prepared-queries';
import { selectNewestFirst } from '../database/select-newest-first';
import { Transactions } from '../database/transactions';
import { isUuid } from '../database/uuid';

export type ArtifactRow = typeof artifacts.$inferSelect;
export type ArtifactVersionRow = typeof artifactVersions.$inferSelect;
export type NewArtifactVersion = Omit<
  typeof artifactVersions.$inferInsert,
  'artifact_id' | 'version'
>;

/** An artifact with its versions, oldest first. */
export interface ArtifactWithVersions {
  artifact: ArtifactRow;
  versions: ArtifactVersionRow[];
}

@Injectable()
export class ArtifactsRepository {
  constructor(private readonly transactions: Transactions) {}

  /**
   * Adds a version to the session's artifact `name` (made on first use), or returns its
   * newest version when that holds the same bytes for the same audience (`reused`). Race-safe:
   * the artifact row is locked for the transaction, so concurrent saves of one name take
   * versions one after the other.
   */
  saveVersion(
    artifact: { session_id: string; owner: string; name: string },
    version: NewArtifactVersion,
  ): Promise<{ artifact: ArtifactRow; version: ArtifactVersionRow; reused: boolean }> {
    return this.transactions.run(async () => {
      const db = this.transactions.db;
      const [row] = await db
        .insert(artifacts)
        .values(artifact)
        .onConflictDoUpdate({
          target: [artifacts.session_id, artifacts.name],
          set: { updated_at: sql`now()` },
        })
        .returning();
      const [newest] = await db
        .select()
        .from(artifactVersions)
        .where(eq(artifactVersions.artifact_id, row.id))
        .orderBy(desc(artifactVersions.version))
        .limit(1);
      // Only the newest can be reused: after A, B, A the third save is newer than B.
      const same =
        newest?.sha256 === version.sha256 && newest.user_only === (version.user_only ?? false)
          ? newest
          : undefined;
      if (same) return { artifact: row, version: same, reused: true };
      const [inserted] = await db
        .insert(artifactVersions)
        .values({
          ...version,
          artifact_id: row.id,
          version: sql<number>`(select coalesce(max(${artifactVersions.version}) + 1, 0) from ${artifactVersions} where ${artifactVersions.artifact_id} = ${row.id})`,
        })
        .returning();
      return { artifact: row, version: inserted, reused: false };
    });
  }

  /** The session's artifacts with their versions, by name. */
  async listForSession(sessionId: string): Promise<ArtifactWithVersions[]> {
    const db = this.transactions.db;
    const rows = await preparedQuery(db, 'artifacts_of_session', () =>
      db
        .select()
        .from(artifacts)
        .where(eq(artifacts.session_id, sql.placeholder('sessionId')))
        .orderBy(asc(artifacts.name)),
    ).execute({ sessionId });
    return this.withVersions(rows);
  }

  /** A page of `owner`'s artifacts with their versions, newest first, and how many there are. */
  async listOwned(
    owner: string,
    page: { limit: number; offset: number },
  ): Promise<{ items: ArtifactWithVersions[]; total: number }> {
    const { rows, total } = await selectNewestFirst(
      this.transactions.db,
      artifacts,
      eq(artifacts.owner, owner),
      page,
    );
    return { items: await this.withVersions(rows), total };
  }

  /** The artifact, if it exists and is `owner`'s. */
  async findOwned(id: string, owner: string): Promise<ArtifactWithVersions | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await this.transactions.db
      .select()
      .from(artifacts)
      .where(and(eq(artifacts.id, id), eq(artifacts.owner, owner)));
    return (await this.withVersions(rows))[0];
  }

  /** The session's artifact `name`, if there is one. */
  async findByName(sessionId: string, name: string): Promise<ArtifactWithVersions | undefined> {
    const rows = await this.transactions.db
      .select()
      .from(artifacts)
      .where(and(eq(artifacts.session_id, sessionId), eq(artifacts.name, name)));
    return (await this.withVersions(rows))[0];
  }

  /** The blob keys of every version of the session's artifacts (to delete with the session). */
  async blobKeysOfSession(sessionId: string): Promise<string[]> {
    const rows = await this.transactions.db
      .select({ key: artifactVersions.blob_key })
      .from(artifactVersions)
      .innerJoin(artifacts, eq(artifacts.id, artifactVersions.artifact_id))
      .where(eq(artifacts.session_id, sessionId));
    return rows.map(({ key }) => key);
  }

  private async withVersions(rows: ArtifactRow[]): Promise<ArtifactWithVersions[]> {
    if (rows.length === 0) return [];
    const versions = await this.transactions.db
      .select()
      .from(artifactVersions)
      .where(
        inArray(
          artifactVersions.artifact_id,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(artifactVersions.artifact_id), asc(artifactVersions.version));
    return rows.map((artifact) => ({
      artifact,
      versions: versions.filter((version) => version.artifact_id === artifact.id),
    }));
  }
}
