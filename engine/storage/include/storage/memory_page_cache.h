#pragma once

// A page cache for SQLite's in-memory databases that keeps commits O(pages
// changed) however large the database grows.
//
// Why: SQLite's default page cache (pcache1) drops pages past the end of the
// database at every commit (pager_end_transaction -> sqlite3PcacheTruncate).
// It walks the hash buckets between the database size and the largest page
// number it has ever held. B-tree rebalancing renumbers pages through a
// temporary page number just past the 1 GB lock-byte page
// (balance_nonroot: pgnoTemp = PENDING_BYTE / page_size + 1 = 131073 with
// 8 KB pages), so after most page splits that walk covers every bucket: the
// whole cache, once per commit. At 1M items (≈ 44k pages) that was a third of
// PutItem's time (perf, tools/bench --scale) and the reason PutItem slowed to
// 40% of its 10k-item rate.
//
// This cache keeps pages in a vector indexed by page number (database pages
// are numbered 1..N without gaps) and the rare far-off numbers, such as the
// rebalancing one, in a small ordered map, so truncating past the end
// touches only the pages that are really there.
//
// It serves only non-purgeable caches, which SQLite creates for in-memory
// databases (":memory:"): they never evict a page, so no LRU is needed.
// Purgeable caches (file and temporary databases) go to SQLite's own cache,
// unchanged. The choice is process-wide (sqlite3_config), so it also serves
// in-memory databases the host application opens itself; it implements the
// whole sqlite3_pcache_methods2 contract for them.

namespace dynamini {

// Installs the cache once per process. Must run before SQLite initializes
// (before the first connection); returns false, leaving SQLite's default
// in place, if the host application already initialized SQLite.
bool install_memory_page_cache();

}  // namespace dynamini
