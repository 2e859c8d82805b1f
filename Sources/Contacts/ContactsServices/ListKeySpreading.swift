import GRDB

extension ContactsSchema {
  /// Numbers an account's contacts afresh in list order, evenly over the lower half of the
  /// account's key range, moving their search index entries with them, so that `coming` more
  /// contacts find room between any two.
  ///
  /// Why: a batch of new contacts takes keys from the gaps between its neighbours'
  /// (`ListKeySpread`). A book that arrives in random list order (a server lists cards in the
  /// order of its files) splits the same gaps again and again, and gaps of `listKeyGap` run out
  /// after about sixteen splits: a 100,000-card download ran out within its first batches and
  /// fell back to one insert at a time. Spread at 2^39 / n, the gaps hold about 39 − log2(n)
  /// splits, and the upper half stays free for books arriving in list order (appended at the
  /// usual gap). It costs one pass over the account's contacts, and happens again only after
  /// the account has grown many times over.
  static func spreadListKeys(account: Int64, making coming: Int, _ db: Database) throws {
    let phone = phoneColumn
    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM contact WHERE accountId = ?", arguments: [account]) ?? 0
    let first = account << accountKeyBits
    let range = Int64(1) << accountKeyBits
    let gap = min(range / Int64(count + 1), max(listKeyGap, (range >> 1) / Int64(count + coming + 1)))
    try db.execute(
      sql: """
        INSERT INTO contact_search (contact_search, rowid, name, email, \(phone), company)
        SELECT 'delete', listKey, name, email, \(phone), company FROM contact WHERE accountId = ?
        """, arguments: [account])
    try db.execute(sql: "UPDATE contact SET listKey = -listKey WHERE accountId = ?", arguments: [account])
    try db.execute(
      sql: """
        UPDATE contact SET listKey = ? + numbered.rank * ?
        FROM (SELECT id, row_number() OVER (ORDER BY sortKey, id) AS rank FROM contact WHERE accountId = ?) AS numbered
        WHERE contact.id = numbered.id
        """, arguments: [first, gap, account])
    try db.execute(
      sql: """
        INSERT INTO contact_search (rowid, name, email, \(phone), company)
        SELECT listKey, name, email, \(phone), company FROM contact WHERE accountId = ? ORDER BY listKey
        """, arguments: [account])
  }
}
