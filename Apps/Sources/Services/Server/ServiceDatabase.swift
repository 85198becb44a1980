import GRDB

// ServiceDatabase: how every service opens its SQLite file — one place for the
// settings the stores share.
//
// A GRDB `DatabasePool` in WAL mode with `synchronous=NORMAL` (a commit survives a
// process kill; only a power loss can take the last ones) and two readers (more hurt
// on 2 cores), migrated to the store's schema before it is used.

enum ServiceDatabase {
    /// Opens (creating on first use) the database at `path` and migrates it.
    static func open(path: String, migrator: DatabaseMigrator) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.maximumReaderCount = 2
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try migrator.migrate(pool)
        return pool
    }
}
