# The browser build's dependencies (DYNAMINI_BROWSER, top-level CMakeLists.txt):
# no Debian library can be linked into WebAssembly, so SQLite is compiled from
# its amalgamation, single-threaded, and the header-only RapidJSON and Boost
# come from a folder holding nothing but rapidjson/ and boost/ (the script
# links Debian's there: adding /usr/include itself would put glibc's headers
# before emscripten's).
if(NOT EMSCRIPTEN)
  message(FATAL_ERROR "DYNAMINI_BROWSER needs emscripten: run tools/wasm/build.sh")
endif()
if(NOT DYNAMINI_SQLITE_AMALGAMATION OR NOT EXISTS ${DYNAMINI_SQLITE_AMALGAMATION}/sqlite3.c)
  message(FATAL_ERROR "DYNAMINI_SQLITE_AMALGAMATION must name a folder holding sqlite3.c")
endif()
if(NOT RAPIDJSON_INCLUDE_DIRS)
  message(FATAL_ERROR "RAPIDJSON_INCLUDE_DIRS must name a folder holding rapidjson/ and boost/")
endif()

# The engine throws its errors (ApiError) and catches them at one point:
# emscripten's exception handling must be on in every object and at the link.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
# Two warnings clang gives inside RapidJSON's headers and GCC, natively,
# does not: emscripten's libc++ deprecates std::iterator, which RapidJSON's
# iterators derive from, and C++20's reversed operator== candidates make its
# iterator comparisons ambiguous (both candidates do the same).
add_compile_options(-Wno-deprecated-declarations -Wno-ambiguous-reversed-operator)

enable_language(C)
add_library(dynamini_sqlite STATIC ${DYNAMINI_SQLITE_AMALGAMATION}/sqlite3.c)
target_include_directories(dynamini_sqlite SYSTEM PUBLIC ${DYNAMINI_SQLITE_AMALGAMATION})
# One thread, no extensions to load, no memory statistics (the engine turns
# them off natively too, storage/sqlite.cc). Everything else as SQLite's
# defaults, which are Debian's for what the engine uses.
target_compile_definitions(dynamini_sqlite PRIVATE SQLITE_THREADSAFE=0
                           SQLITE_OMIT_LOAD_EXTENSION SQLITE_DEFAULT_MEMSTATUS=0)
target_compile_options(dynamini_sqlite PRIVATE -w)
add_library(SQLite::SQLite3 ALIAS dynamini_sqlite)

# The engine's layers link Threads::Threads; emscripten's single-threaded
# libc has the pthread functions as stubs, and no thread is ever started in
# the browser build (Options::background_work = kHostDriven).
add_library(Threads::Threads INTERFACE IMPORTED)
