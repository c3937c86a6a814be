// What the directory tables hold (seed version and sizes), so a start skips an identical reload.
import { defineEntity, p } from '@mikro-orm/postgresql';

// What the directory tables hold (seed version and sizes), so a start skips an identical reload.
export const DirectoryMetaSchema = defineEntity({
  name: 'DirectoryMeta',
  tableName: 'directory_meta',
  properties: {
    key: p.text().primary(),
    value: p.text(),
  },
});

export class DirectoryMeta extends DirectoryMetaSchema.class {}
DirectoryMetaSchema.setClass(DirectoryMeta);
