import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { characters } from '../db/schema.js';

export type CharacterRow = typeof characters.$inferSelect;

/** The user's own characters (all I/O of the characters table). */
export class CharacterRepository {
  constructor(private readonly db: Database['db']) {}

  async insert(row: typeof characters.$inferInsert): Promise<CharacterRow> {
    const [inserted] = await this.db.insert(characters).values(row).returning();
    return inserted!;
  }

  /** A character of this user's, or undefined (someone else's is not found either). */
  async findOwned(id: string, userId: string): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .select()
      .from(characters)
      .where(and(eq(characters.id, id), eq(characters.userId, userId)));
    return row;
  }

  listOwned(userId: string, limit: number): Promise<CharacterRow[]> {
    return this.db
      .select()
      .from(characters)
      .where(eq(characters.userId, userId))
      .orderBy(desc(characters.createdAt), desc(characters.id))
      .limit(limit);
  }

  countOwned(userId: string): Promise<number> {
    return this.db.$count(characters, eq(characters.userId, userId));
  }

  async rename(id: string, userId: string, name: string): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .update(characters)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(characters.id, id), eq(characters.userId, userId)))
      .returning();
    return row;
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(characters)
      .where(and(eq(characters.id, id), eq(characters.userId, userId)))
      .returning({ id: characters.id });
    return rows.length > 0;
  }
}
