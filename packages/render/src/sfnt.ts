/** One entry of a TrueType/OpenType font's table directory. */
export interface TableRecord {
  tag: string;
  checksum: number;
  offset: number;
  length: number;
}

/** A font's table directory: each table's four-letter tag, checksum, offset and length. */
export function tableDirectory(font: Buffer): TableRecord[] {
  return Array.from({ length: font.readUInt16BE(4) }, (_, i) => {
    const record = 12 + i * 16;
    return {
      tag: font.toString('latin1', record, record + 4),
      checksum: font.readUInt32BE(record + 4),
      offset: font.readUInt32BE(record + 8),
      length: font.readUInt32BE(record + 12),
    };
  });
}

/** The four-letter tags of a font's tables. */
export const tableTags = (font: Buffer): string[] => tableDirectory(font).map((t) => t.tag);

/**
 * A TrueType/OpenType font without some of its tables (by four-letter tag, e.g. `'SVG '`): the
 * other tables are copied byte for byte, so every glyph the font still draws is the same.
 */
export function withoutTables(font: Buffer, drop: readonly string[]): Buffer {
  const tables = tableDirectory(font).filter((table) => !drop.includes(table.tag));
  const n = tables.length;
  const selector = Math.floor(Math.log2(n));
  const searchRange = 2 ** selector * 16;
  const header = Buffer.alloc(12 + n * 16);
  font.copy(header, 0, 0, 4); // sfnt version
  header.writeUInt16BE(n, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(selector, 8);
  header.writeUInt16BE(n * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    header.write(table.tag, record, 'latin1');
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.length, record + 12);
    const padding = (4 - (table.length % 4)) % 4;
    parts.push(font.subarray(table.offset, table.offset + table.length), Buffer.alloc(padding));
    offset += table.length + padding;
  });
  return Buffer.concat(parts);
}
