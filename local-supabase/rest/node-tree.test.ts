import { describe, expect, it } from 'vitest';
import { viewOutputs } from './node-tree.ts';

// Trimmed from Postgres 17's pg_rewrite.ev_action of
//   create view v as select username, 1 as "odd (name)" from users order by status
// (the ORDER BY adds a junk target entry; a quoted name is written with backslash escapes).
const TREE =
  '({QUERY :commandType 1 :utilityStmt <> :rtable ({RANGETBLENTRY :alias <> :eref {ALIAS :aliasname users ' +
  ':colnames ("username" "status")} :rtekind 0 :relid 18793}) :targetList ({TARGETENTRY :expr {VAR :varno 1 ' +
  ':varattno 1 :varnullingrels (b) :location -1} :resno 1 :resname username :ressortgroupref 0 :resorigtbl 18793 ' +
  ':resorigcol 1 :resjunk false} {TARGETENTRY :expr {CONST :consttype 23 :constlen 4 :constbyval true ' +
  ':constisnull false :location -1 :constvalue 4 [ 1 0 0 0 0 0 0 0 ]} :resno 2 :resname odd\\ \\(name\\) ' +
  ':ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} {TARGETENTRY :expr {VAR :varno 1 :varattno 2} ' +
  ':resno 3 :resname status :ressortgroupref 1 :resorigtbl 18793 :resorigcol 2 :resjunk true}) :override 0})';

describe('viewOutputs', () => {
  it("reads each output column's origin from a view's stored query, without junk entries", () => {
    expect(viewOutputs(TREE)).toEqual([
      { resno: 1, origTable: 18793, origColumn: 1 },
      { resno: 2, origTable: 0, origColumn: 0 },
    ]);
  });
});
