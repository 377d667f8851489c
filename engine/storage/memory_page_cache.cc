#include "storage/memory_page_cache.h"

#include <sqlite3.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <vector>

namespace dynamini {
namespace {

// The contract (https://sqlite.org/c3ref/pcache_methods2.html):
// - xFetch returns the page for a key, creating it when createFlag is 1 or 2
//   (a non-purgeable cache always may); a new page's extra bytes start zeroed
//   (the pager reads its PgHdr from them).
// - xUnpin with discard removes the page; without, a non-purgeable cache
//   keeps it.
// - xRekey moves a page to a new key, discarding any page already there.
// - xTruncate discards every page whose key is >= iLimit.

// One page: SQLite's handle, the key it is filed under, then the page
// buffer and the extra bytes in the same allocation.
struct Page {
  sqlite3_pcache_page handle;
  unsigned key;
};

constexpr size_t kHeaderBytes = (sizeof(Page) + 15) & ~size_t{15};
// A new key this close past the dense range extends it; farther keys (the
// rebalancing page number) are kept in the sparse map.
constexpr unsigned kDenseSlack = 64;

class MemoryCache {
 public:
  MemoryCache(int page_bytes, int extra_bytes)
      : page_bytes_(static_cast<size_t>(page_bytes)),
        extra_bytes_(static_cast<size_t>(extra_bytes)) {}

  ~MemoryCache() {
    for (Page* page : dense_) std::free(page);
    for (auto& [key, page] : sparse_) std::free(page);
  }

  unsigned page_count() const { return count_; }

  sqlite3_pcache_page* fetch(unsigned key, bool create) {
    if (Page* page = find(key)) return &page->handle;
    if (!create) return nullptr;
    auto* raw = static_cast<unsigned char*>(std::malloc(kHeaderBytes + page_bytes_ + extra_bytes_));
    if (raw == nullptr) return nullptr;  // SQLite reports SQLITE_NOMEM
    auto* page = reinterpret_cast<Page*>(raw);
    page->handle.pBuf = raw + kHeaderBytes;
    page->handle.pExtra = raw + kHeaderBytes + page_bytes_;
    std::memset(page->handle.pExtra, 0, extra_bytes_);
    if (!file(key, page)) {
      std::free(raw);
      return nullptr;
    }
    return &page->handle;
  }

  void discard(sqlite3_pcache_page* handle) {
    Page* page = reinterpret_cast<Page*>(handle);
    unfile(page->key);
    std::free(page);
  }

  void rekey(sqlite3_pcache_page* handle, unsigned new_key) {
    Page* page = reinterpret_cast<Page*>(handle);
    unfile(page->key);
    if (Page* there = find(new_key)) {
      unfile(new_key);
      std::free(there);
    }
    if (!file(new_key, page)) {
      // Out of memory growing the index; the page cannot be kept. SQLite
      // gives xRekey no way to fail; this needs a failed vector growth,
      // which only happens when the process is out of memory anyway.
      std::free(page);
    }
  }

  void truncate(unsigned limit) {
    for (auto it = sparse_.lower_bound(limit); it != sparse_.end();) {
      std::free(it->second);
      it = sparse_.erase(it);
      --count_;
    }
    if (limit < dense_.size()) {
      for (size_t key = limit; key < dense_.size(); ++key) {
        if (dense_[key] != nullptr) {
          std::free(dense_[key]);
          --count_;
        }
      }
      dense_.resize(limit);
    }
  }

 private:
  Page* find(unsigned key) const {
    if (key < dense_.size()) return dense_[key];
    auto it = sparse_.find(key);
    return it == sparse_.end() ? nullptr : it->second;
  }

  // Files `page` under `key` (no page is there). Invariant: every sparse
  // key is >= dense_.size(). False when out of memory.
  bool file(unsigned key, Page* page) {
    page->key = key;
    try {
      if (key >= dense_.size() && key <= dense_.size() + kDenseSlack) {
        dense_.resize(size_t{key} + 1, nullptr);
        // Keys now inside the dense range move there.
        while (!sparse_.empty() && sparse_.begin()->first < dense_.size()) {
          dense_[sparse_.begin()->first] = sparse_.begin()->second;
          sparse_.erase(sparse_.begin());
        }
      }
      if (key < dense_.size()) {
        dense_[key] = page;
      } else {
        sparse_.emplace(key, page);
      }
    } catch (const std::bad_alloc&) {
      return false;
    }
    ++count_;
    return true;
  }

  void unfile(unsigned key) {
    if (key < dense_.size()) {
      if (dense_[key] == nullptr) return;
      dense_[key] = nullptr;
    } else if (sparse_.erase(key) == 0) {
      return;
    }
    --count_;
  }

  const size_t page_bytes_;
  const size_t extra_bytes_;
  std::vector<Page*> dense_;          // index: page number; null where absent
  std::map<unsigned, Page*> sparse_;  // far-off page numbers
  unsigned count_ = 0;
};

// SQLite's own cache, which keeps serving purgeable caches.
sqlite3_pcache_methods2 sqlite_default;

// What a sqlite3_pcache* handed to SQLite points at: ours, or the default
// cache's.
struct Cache {
  MemoryCache* memory = nullptr;
  sqlite3_pcache* fallback = nullptr;
};

Cache* cast(sqlite3_pcache* p) { return reinterpret_cast<Cache*>(p); }

int init(void*) { return sqlite_default.xInit ? sqlite_default.xInit(sqlite_default.pArg) : 0; }
void shutdown(void*) {
  if (sqlite_default.xShutdown) sqlite_default.xShutdown(sqlite_default.pArg);
}

sqlite3_pcache* create(int page_bytes, int extra_bytes, int purgeable) {
  auto* cache = new (std::nothrow) Cache;
  if (cache == nullptr) return nullptr;
  if (purgeable) {
    cache->fallback = sqlite_default.xCreate(page_bytes, extra_bytes, purgeable);
    if (cache->fallback == nullptr) {
      delete cache;
      return nullptr;
    }
  } else {
    cache->memory = new (std::nothrow) MemoryCache(page_bytes, extra_bytes);
    if (cache->memory == nullptr) {
      delete cache;
      return nullptr;
    }
  }
  return reinterpret_cast<sqlite3_pcache*>(cache);
}

void cache_size(sqlite3_pcache* p, int pages) {
  Cache* c = cast(p);
  if (c->fallback) sqlite_default.xCachesize(c->fallback, pages);
  // Non-purgeable: every page stays, whatever the cache size.
}

int page_count(sqlite3_pcache* p) {
  Cache* c = cast(p);
  if (c->fallback) return sqlite_default.xPagecount(c->fallback);
  return static_cast<int>(c->memory->page_count());
}

sqlite3_pcache_page* fetch(sqlite3_pcache* p, unsigned key, int create_flag) {
  Cache* c = cast(p);
  if (c->fallback) return sqlite_default.xFetch(c->fallback, key, create_flag);
  return c->memory->fetch(key, create_flag != 0);
}

void unpin(sqlite3_pcache* p, sqlite3_pcache_page* page, int discard) {
  Cache* c = cast(p);
  if (c->fallback) return sqlite_default.xUnpin(c->fallback, page, discard);
  if (discard) c->memory->discard(page);
}

void rekey(sqlite3_pcache* p, sqlite3_pcache_page* page, unsigned old_key, unsigned new_key) {
  Cache* c = cast(p);
  if (c->fallback) return sqlite_default.xRekey(c->fallback, page, old_key, new_key);
  c->memory->rekey(page, new_key);
}

void truncate(sqlite3_pcache* p, unsigned limit) {
  Cache* c = cast(p);
  if (c->fallback) return sqlite_default.xTruncate(c->fallback, limit);
  c->memory->truncate(limit);
}

void destroy(sqlite3_pcache* p) {
  Cache* c = cast(p);
  if (c->fallback) sqlite_default.xDestroy(c->fallback);
  delete c->memory;
  delete c;
}

void shrink(sqlite3_pcache* p) {
  Cache* c = cast(p);
  if (c->fallback && sqlite_default.xShrink) sqlite_default.xShrink(c->fallback);
  // Non-purgeable pages are the database itself: nothing to give back.
}

bool install() {
  if (sqlite3_config(SQLITE_CONFIG_GETPCACHE2, &sqlite_default) != SQLITE_OK) return false;
  static const sqlite3_pcache_methods2 methods = {
      .iVersion = 2,
      .pArg = nullptr,
      .xInit = init,
      .xShutdown = shutdown,
      .xCreate = create,
      .xCachesize = cache_size,
      .xPagecount = page_count,
      .xFetch = fetch,
      .xUnpin = unpin,
      .xRekey = rekey,
      .xTruncate = truncate,
      .xDestroy = destroy,
      .xShrink = shrink,
  };
  return sqlite3_config(SQLITE_CONFIG_PCACHE2, &methods) == SQLITE_OK;
}

}  // namespace

bool install_memory_page_cache() {
  static const bool installed = install();
  return installed;
}

}  // namespace dynamini
