# tests/samples/typescript: tools/node/dynamini-test with vitest (a server per file or per
# test, and one global server), node:test (through tsx) and jest (global setup/teardown and
# a server per file), and the types checked by tsc.
# Its node_modules come from `npm install` there (tools/test.sh); sample_typescript_deps
# says so when they are missing, and the others need it.
find_program(DYNAMINI_SAMPLE_NODE node)
set(sample_dir ${CMAKE_CURRENT_SOURCE_DIR}/typescript)
if(NOT DYNAMINI_SAMPLE_NODE)
  dynamini_skipped_sample(sample_typescript "no node (Debian: nodejs)")
  return()
endif()

add_test(NAME sample_typescript_deps
         COMMAND ${DYNAMINI_SAMPLE_NODE} -e
           "for (const m of ['vitest/package.json', 'jest/package.json', 'tsx/package.json', 'typescript/package.json', '@aws-sdk/client-dynamodb/package.json', 'dynamini-test']) { try { require.resolve(m, { paths: [process.cwd()] }) } catch { console.error('missing ' + m + ': run (cd tests/samples/typescript && npm install --no-audit --no-fund) as tools/test.sh does'); process.exit(1) } }"
         WORKING_DIRECTORY ${sample_dir})
set_tests_properties(sample_typescript_deps PROPERTIES FIXTURES_SETUP typescript_deps
                     LABELS "samples;typescript")

function(dynamini_typescript_test name)
  add_test(NAME ${name} COMMAND ${DYNAMINI_SAMPLE_NODE} ${ARGN} WORKING_DIRECTORY ${sample_dir})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${DYNAMINI_SAMPLE_ENV};NO_COLOR=1"
                       FIXTURES_REQUIRED typescript_deps LABELS "samples;typescript" TIMEOUT 300)
endfunction()

file(GLOB node_test_files CONFIGURE_DEPENDS ${sample_dir}/tests/node/*.test.ts)
dynamini_typescript_test(sample_typescript_types node_modules/typescript/bin/tsc --noEmit)
dynamini_typescript_test(sample_typescript_vitest node_modules/vitest/vitest.mjs run)
dynamini_typescript_test(sample_typescript_vitest_global node_modules/vitest/vitest.mjs run
                         --config vitest.global.config.ts)
dynamini_typescript_test(sample_typescript_node_test --import tsx --test --test-reporter=spec
                         ${node_test_files})
dynamini_typescript_test(sample_typescript_jest --experimental-vm-modules node_modules/jest/bin/jest.js
                         --ci)
